import type { Executor } from '../../../platform/db/executor.ts';

export interface PictureRow {
  name: string;
  svg: string;
  created_at: string;
}

/** SQL of the drawn pictures (site_picture): one SVG per name, written once. */
export class SitePicturesRepository {
  constructor(private readonly db: Executor) {}

  async svg(name: string) {
    const row = await this.db.selectFrom('site_picture').select('svg').where('name', '=', name).executeTakeFirst();
    return row?.svg;
  }

  /** a name already stored keeps its picture (two processes drawing at once write it once) */
  async insert(rows: PictureRow[]) {
    await this.db
      .insertInto('site_picture')
      .values(rows)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  /** the names of every stored picture */
  async names() {
    return new Set((await this.db.selectFrom('site_picture').select('name').execute()).map((r) => r.name));
  }

  /** the stored SVG of these names */
  async svgs(names: string[]) {
    const rows = await this.db.selectFrom('site_picture').select(['name', 'svg']).where('name', 'in', names).execute();
    return new Map(rows.map((r) => [r.name, r.svg]));
  }

  /** replaces stored pictures, all or none */
  async replace(changed: readonly (readonly [string, string])[], now: string) {
    await this.db.transaction().execute(async (trx) => {
      for (const [name, svg] of changed) await trx.updateTable('site_picture').set({ svg, created_at: now }).where('name', '=', name).execute();
    });
  }
}
