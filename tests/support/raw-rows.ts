// Rows written straight into a test database (no API in between), for the suites that prove what
// PostgreSQL itself enforces: a user and a patient of theirs, the least every appointment needs.
import type { TestDatabase } from './test-database'

/** The id of the first row a statement returns. */
export function firstId(database: TestDatabase) {
  return async (text: string, values: unknown[] = []): Promise<string> =>
    (await database.pool.query(text, values)).rows[0].id
}

/** A user and a patient with every required column filled. */
export async function insertUserAndPatient(database: TestDatabase): Promise<{ user: string; paciente: string }> {
  const q = firstId(database)
  const user = await q(`INSERT INTO users (nome, email, password_hash) VALUES ('U', 'u@x.test', 'x') RETURNING id`)
  const paciente = await q(
    `INSERT INTO pacientes (nome, nome_busca, cpf, rg, datanascimento, estadocivil, sexo, cor, naturalidade, profissao,
       email, telefone, endereco, numeroendereco, bairro, cidade, estado, user_id)
     VALUES ('p', 'p', '1', '1', now(), 'solteiro', 'feminino', 'pardo', 'x', 'x', 'p@x.test', 1, 'x', 1, 'x', 'x', 'SP', $1)
     RETURNING id`,
    [user],
  )
  return { user, paciente }
}
