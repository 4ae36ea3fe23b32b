/** Uploaded files are allowed by their first bytes (magic numbers), never by name or declared type. */
export type AllowedFileType = 'jpg' | 'png' | 'pdf';

export const FILE_MIME: Record<AllowedFileType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
};

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The type of a file by its content: JPEG (FF D8 FF), PNG (89 'PNG' 0D 0A 1A 0A) or PDF ('%PDF-'); else null. */
export function detectFileType(bytes: Uint8Array): AllowedFileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  return null;
}
