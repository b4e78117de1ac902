import { nowIso } from '../../../platform/db/database.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import { BANNER_DRAWINGS } from './banner-drawings.ts';
import { CATEGORY_DRAWING_OF, CATEGORY_DRAWINGS } from './category-drawings.ts';
import { SitePicturesRepository } from './pictures.repository.ts';
import { STRUCTURES } from './structures.ts';

/**
 * Pictures the product draws itself and serves as static images: a chemical's 2D structure
 * (`cas-<CAS>.svg`, from STRUCTURES), a category's product drawing (`cat-<key>.svg`) and the first
 * banners and login slides (`ban-<key>.svg`). An item without a photo of its own shows one of the
 * first two (pictureFor). Drawn once and kept in the site_picture table, so every server process
 * answers them alike.
 */
export const PICTURE_PATH = '/mall/v1/noauth/picture';
export const pictureUrl = (name: string) => `${PICTURE_PATH}/${name}`;
const structureName = (cas: string) => `cas-${cas}.svg`;
const drawingName = (key: string) => `cat-${key}.svg`;
const bannerName = (key: string) => `ban-${key}.svg`;

/** The address of a built-in banner or login slide (banner-drawings.ts). */
export function bannerPicture(key: keyof typeof BANNER_DRAWINGS): string {
  if (!BANNER_DRAWINGS[key]) throw new Error(`没有横幅 ${key}`);
  return pictureUrl(bannerName(key));
}

/** Whether a SMILES string is a structure OpenChemLib can draw. */
export async function isDrawableSmiles(smiles: string): Promise<boolean> {
  const { Molecule } = await import('openchemlib');
  try {
    return Molecule.fromSmiles(smiles).getAllAtoms() > 0;
  } catch {
    return false;
  }
}

/**
 * Draws an item's own structure (a supplier's SMILES) and stores it under the item; answers its
 * address. `db` is the approving transaction (called from the catalog's repository).
 */
export async function storeItemStructure(db: Executor, itemId: number, smiles: string): Promise<string> {
  const name = `itm-${itemId}.svg`;
  await new SitePicturesRepository(db).insert([{ name, svg: await structureSvg(smiles, `i${itemId}`), created_at: nowIso() }]);
  return pictureUrl(name);
}

/** The picture of an item without a photo: its structure, else its category's drawing. */
export function pictureFor(cas: string | null, category: string | null): string {
  if (cas && STRUCTURES[cas]) return pictureUrl(structureName(cas));
  return pictureUrl(drawingName((category && CATEGORY_DRAWING_OF[category]) || 'accessory'));
}

/** Smallest side of a structure's view box: ethanol stays the size of a drawing, not of the page. */
const MIN_VIEW = 150;

/**
 * A structure as SVG: cropped to the molecule, then centred in a square view box no smaller than
 * MIN_VIEW, so small molecules keep their bond length and large ones shrink to fit. OpenChemLib is
 * loaded on the first drawing: most starts of the server never need it.
 */
export async function structureSvg(smiles: string, id: string): Promise<string> {
  const { Molecule } = await import('openchemlib');
  const svg = Molecule.fromSmiles(smiles).toSVG(400, 400, id, {
    autoCrop: true,
    autoCropMargin: 16,
    suppressChiralText: true,
    suppressCIPParity: true,
    suppressESR: true,
    noStereoProblem: true,
  });
  const box = /viewBox="([\d.-]+) ([\d.-]+) ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) return svg;
  const [x, y, w, h] = box.slice(1).map(Number);
  const side = Math.max(w, h, MIN_VIEW);
  const view = `${(x - (side - w) / 2).toFixed(1)} ${(y - (side - h) / 2).toFixed(1)} ${side.toFixed(1)} ${side.toFixed(1)}`;
  return svg.replace(/width="[^"]*" height="[^"]*" viewBox="[^"]*"/, `width="240" height="240" viewBox="${view}"`);
}

/** What a picture's name stands for, or null for a name the product never drew. */
export async function drawPicture(name: string): Promise<string | null> {
  // itm-<item id>: a supplier's own structure, stored when its item was approved (never drawn here)
  const m = /^(cas|cat|ban)-([0-9a-z-]{1,40})\.svg$/.exec(name);
  if (!m) return null;
  if (m[1] === 'cat') return CATEGORY_DRAWINGS[m[2]] ?? null;
  if (m[1] === 'ban') return BANNER_DRAWINGS[m[2]] ?? null;
  const smiles = STRUCTURES[m[2]];
  return smiles ? structureSvg(smiles, `s${m[2].replace(/-/g, '')}`) : null;
}

/**
 * Draws and stores every picture not stored yet: a few hundred structures, one to a few seconds
 * of CPU the first time, nothing afterwards. Hand-made drawings (categories, banners) cost nothing
 * to compare, so one changed in the code replaces its stored copy. Run by the demo seed, so a
 * browsing visitor never waits for a drawing. Answers how many were written.
 */
export async function drawAllPictures(db: Executor): Promise<number> {
  const pictures = new SitePicturesRepository(db);
  const drawings = [
    ...Object.entries(CATEGORY_DRAWINGS).map(([k, svg]) => [drawingName(k), svg] as const),
    ...Object.entries(BANNER_DRAWINGS).map(([k, svg]) => [bannerName(k), svg] as const),
  ];
  // names of everything, text only of the few hand-made drawings: every start runs this
  const stored = await pictures.names();
  const storedDrawings = await pictures.svgs(drawings.map(([name]) => name));
  const changed = drawings.filter(([name, svg]) => storedDrawings.has(name) && storedDrawings.get(name) !== svg);
  const names = [...Object.keys(STRUCTURES).map(structureName), ...drawings.map(([name]) => name)].filter((n) => !stored.has(n));
  const now = nowIso();
  await pictures.replace(changed, now);
  for (let i = 0; i < names.length; i += 50) {
    const rows = [];
    for (const name of names.slice(i, i + 50)) rows.push({ name, svg: (await drawPicture(name)) ?? '', created_at: now });
    await pictures.insert(rows);
  }
  return names.length + changed.length;
}
