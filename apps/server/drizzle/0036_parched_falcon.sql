ALTER TABLE "mk_campanas" ADD COLUMN "pixel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mk_mensajes" ADD COLUMN "abierto" timestamp with time zone;