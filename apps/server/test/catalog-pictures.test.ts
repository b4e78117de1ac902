import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_TREE } from '../src/db/seed/catalog/generate.ts';
import { REAGENTS } from '../src/db/seed/catalog/reagents.ts';
import { BANNER_DRAWINGS } from '../src/modules/supply/pictures/banner-drawings.ts';
import { CATEGORY_DRAWING_OF, CATEGORY_DRAWINGS } from '../src/modules/supply/pictures/category-drawings.ts';
import { drawAllPictures, PICTURE_PATH } from '../src/modules/supply/pictures/pictures.ts';
import { NO_STRUCTURE, STRUCTURES } from '../src/modules/supply/pictures/structures.ts';
import { createTestApp, type TestApp } from './support/harness.ts';

/** Every item shows its structure or its category's drawing (issue: a catalog that looks real). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('catalog pictures', () => {
  it('every CAS of the demo reagents has a structure or a stated reason for none; every leaf category a drawing', () => {
    for (const [name, , cas] of REAGENTS) if (cas) expect(STRUCTURES[cas] ?? NO_STRUCTURE[cas], `${name} ${cas}`).toBeTruthy();
    for (const cas of Object.keys(NO_STRUCTURE)) expect(STRUCTURES[cas], cas).toBeUndefined();
    for (const leaf of CATEGORY_TREE.flatMap((c) => c.children)) expect(CATEGORY_DRAWINGS[CATEGORY_DRAWING_OF[leaf]], leaf).toBeTruthy();
  });

  it('every demo item points at a picture, a structure wherever the chemical has one', async () => {
    const items = await t.ctx.database.db.selectFrom('item').select(['cas', 'images']).execute();
    expect(items.length).toBeGreaterThan(0);
    let structures = 0;
    for (const i of items) {
      const [url] = JSON.parse(i.images) as string[];
      expect(url).toMatch(new RegExp(`^${PICTURE_PATH}/(cas|cat)-[0-9a-z-]+\\.svg$`));
      if (i.cas && STRUCTURES[i.cas]) {
        expect(url).toBe(`${PICTURE_PATH}/cas-${i.cas}.svg`);
        structures++;
      }
    }
    expect(structures).toBeGreaterThan(items.length / 3);
  });

  it('serves a structure as a cacheable SVG, drawing it at the first request and keeping it', async () => {
    const name = 'cas-58-08-2.svg'; // caffeine
    const db = t.ctx.database.db;
    await db.deleteFrom('site_picture').where('name', '=', name).execute();
    const res = await get(`${PICTURE_PATH}/${name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toMatch(/^<svg[^>]+viewBox=/);
    // caffeine: four nitrogens and two oxygens drawn as atom labels
    expect(res.body.match(/>N</g)?.length).toBe(4);
    expect(res.body.match(/>O</g)?.length).toBe(2);
    expect(await db.selectFrom('site_picture').select('name').where('name', '=', name).executeTakeFirst()).toBeTruthy();
    const drawing = await get(`${PICTURE_PATH}/cat-centrifuge-tube.svg`);
    expect(drawing.statusCode).toBe(200);
    expect(drawing.body).toContain('<svg');
  });

  it('answers 404 in the envelope for a picture the product never drew, and never reads outside its table', async () => {
    for (const name of ['cas-50-00-1.svg', 'cat-spaceship.svg', 'cas-..%2F..%2Fetc%2Fpasswd', 'x.svg', `cas-${'1'.repeat(70)}.svg`]) {
      const res = await get(`${PICTURE_PATH}/${name}`);
      expect([400, 404], name).toContain(res.statusCode);
      expect(res.headers['content-type'], name).toMatch(/^application\/json/);
      expect(res.json().message, name).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('draws every structure and drawing once at seed time; a second run draws nothing', async () => {
    const db = t.ctx.database.db;
    await db.deleteFrom('site_picture').execute();
    expect(await drawAllPictures(db)).toBe(Object.keys(STRUCTURES).length + Object.keys(CATEGORY_DRAWINGS).length + Object.keys(BANNER_DRAWINGS).length);
    const empty = await db.selectFrom('site_picture').select('name').where('svg', 'not like', '<svg%').execute();
    expect(empty).toEqual([]);
    expect(await drawAllPictures(db)).toBe(0);
    // a hand-made drawing changed in the code replaces its stored copy
    await db.updateTable('site_picture').set({ svg: '<svg>old</svg>' }).where('name', '=', 'cat-gloves.svg').execute();
    expect(await drawAllPictures(db)).toBe(1);
    const gloves = await db.selectFrom('site_picture').select('svg').where('name', '=', 'cat-gloves.svg').executeTakeFirstOrThrow();
    expect(gloves.svg).toBe(CATEGORY_DRAWINGS.gloves);
  }, 60_000);
});
