import { nowIso } from '../../../platform/db/database.ts';
import type { SitePicturesRepository } from './pictures.repository.ts';
import { drawPicture } from './pictures.ts';

/** Serves the drawn pictures: each is drawn on its first request and kept, so every process answers it alike. */
export class PicturesService {
  constructor(private readonly repo: SitePicturesRepository) {}

  /** A picture's SVG: stored, or drawn now and stored (each is drawn once); null when there is no such picture. */
  async load(name: string): Promise<string | null> {
    const stored = await this.repo.svg(name);
    if (stored !== undefined) return stored;
    const svg = await drawPicture(name);
    if (svg !== null) await this.repo.insert([{ name, svg, created_at: nowIso() }]);
    return svg;
  }
}
