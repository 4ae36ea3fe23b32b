-- The owner of the files written before it was recorded (gd_ficheros.origen): a file in an employee's folder
-- (Empleados/<code> · <name>) belongs to the employees' feature, one in a student's folder (Alumnos/…) to the
-- students', a file a dental consent points to to the clinical file. Later files get it when they are written.
UPDATE "gd_ficheros" f SET "origen" = CASE r."nombre" WHEN 'Empleados' THEN 'empleados' ELSE 'alumnos' END
  FROM "gd_carpetas" c, "gd_carpetas" r
 WHERE c."empresa_id" = f."empresa_id" AND c."id" = f."id_carpeta"
   AND r."empresa_id" = c."empresa_id" AND r."id" = c."id_padre" AND r."id_padre" IS NULL
   AND r."nombre" IN ('Empleados', 'Alumnos');
--> statement-breakpoint
UPDATE "gd_ficheros" f SET "origen" = 'consentimientos'
  FROM "consentimientos" k
 WHERE k."empresa_id" = f."empresa_id" AND k."id_fichero" = f."id";
