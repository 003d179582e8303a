import type { PGlite } from "@electric-sql/pglite";

/**
 * pg-boss's `db` option over PGlite. pg-boss sends its schema and maintenance as multi-statement
 * scripts without parameters, which PGlite only runs through exec(); parameterised statements go
 * through query().
 */
export function pgliteBossAdapter(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values);
        return { rows: result.rows };
      }
      const results = await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
