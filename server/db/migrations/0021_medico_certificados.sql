-- issue 36 point 5: each doctor's A1 certificate (PKCS#12), uploaded once in 'Minha conta' → 'Certificado
-- digital' and checked then. Its password is never stored; the metadata is what the screen shows.
CREATE TABLE "medico_certificados" (
	"medico_id" uuid PRIMARY KEY NOT NULL REFERENCES "medicos"("id") ON DELETE cascade,
	"p12" bytea NOT NULL,
	"titular" text NOT NULL,
	"emissor" text NOT NULL,
	"valido_ate" timestamp with time zone NOT NULL,
	"serial" text NOT NULL,
	"enviado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medico_certificados_p12_size" CHECK (octet_length("p12") BETWEEN 1 AND 65536)
);
