ALTER TABLE "idempotencia" ADD COLUMN "empresa_id" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotencia" DROP CONSTRAINT "idempotencia_pk";
--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_pk" PRIMARY KEY("empresa_id","clave");