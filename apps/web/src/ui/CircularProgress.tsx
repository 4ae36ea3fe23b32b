import { Box } from '@mantine/core';

/**
 * The spec's circular progress (section 9): radius 50, animation 300 ms, outer stroke 6 (the value's arc), inner
 * stroke 3 (the full circle under it), subtitle at 14 px in black.
 */
export const CIRCULAR_PROGRESS = {
  radius: 50,
  animationMs: 300,
  outerStroke: 6,
  innerStroke: 3,
  subtitleSize: 14,
} as const;

interface Props {
  /** 0–100 (clamped). */
  value: number;
  /** The text in the middle (the percentage as the screen words it). */
  title: string;
  subtitle?: string;
  /** The progress bar's accessible name. */
  label: string;
}

/** A ring showing a percentage; screen readers get a named progress bar with its value and texts. */
export function CircularProgress({ value, title, subtitle, label }: Props) {
  const { radius, animationMs, outerStroke, innerStroke, subtitleSize } = CIRCULAR_PROGRESS;
  const pct = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  const size = 2 * radius + outerStroke;
  const centre = size / 2;
  const circumference = 2 * Math.PI * radius;
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={pct}
      aria-valuetext={subtitle ? `${title}, ${subtitle}` : title}
      w={size}
    >
      <svg viewBox={`0 0 ${size} ${size}`} width={size} height={size} aria-hidden="true">
        <circle
          cx={centre}
          cy={centre}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-gray-3)"
          strokeWidth={innerStroke}
        />
        <circle
          cx={centre}
          cy={centre}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-teal-8)"
          strokeWidth={outerStroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={(circumference * (100 - pct)) / 100}
          transform={`rotate(-90 ${centre} ${centre})`}
          style={{ transition: `stroke-dashoffset ${animationMs}ms ease-out` }}
        />
        <text
          x={centre}
          y={subtitle ? centre - 2 : centre}
          textAnchor="middle"
          dominantBaseline="middle"
          fontSize={20}
          fill="currentColor"
        >
          {title}
        </text>
        {subtitle && (
          <text
            x={centre}
            y={centre + 18}
            textAnchor="middle"
            dominantBaseline="middle"
            fontSize={subtitleSize}
            fill="var(--mantine-color-black)"
          >
            {subtitle}
          </text>
        )}
      </svg>
    </Box>
  );
}
