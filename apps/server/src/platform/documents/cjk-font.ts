import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Noto Sans SC (SIL OFL 1.1) from npm (@expo-google-fonts/noto-sans-sc ships static TrueType files,
 * which pdfkit embeds as subsets of the glyphs used). The files are 10 MB each, so they are read once
 * per process and kept; each PDF parses them again and embeds only what it prints.
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

let loaded: { regular: Buffer; bold: Buffer } | null = null;

export function cjkFonts() {
  loaded ??= { regular: fs.readFileSync(require.resolve(FILES.regular)), bold: fs.readFileSync(require.resolve(FILES.bold)) };
  return loaded;
}
