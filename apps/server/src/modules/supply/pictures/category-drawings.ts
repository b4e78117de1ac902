/**
 * One clean product drawing per category, for items without a photo of their own and without a
 * single chemical structure (kits, consumables, instruments, proteins, mixtures). Flat line art on
 * a 240 × 240 canvas in the site's colours; written by hand, no fonts, no script.
 */
const INK = '#4b4a63';
const ACCENT = '#796AEE';
const SOFT = '#eeebfd';
const GLASS = '#f7f9fc';

const frame = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240" width="240" height="240"><circle cx="120" cy="120" r="104" fill="${SOFT}"/><g fill="none" stroke="${INK}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">${body}</g></svg>`;

/** drawing key → SVG */
export const CATEGORY_DRAWINGS: Record<string, string> = {
  // amber reagent bottle with a screw cap and a label
  'reagent-bottle': frame(
    `<rect x="96" y="40" width="48" height="26" rx="4" fill="${INK}"/><path d="M100 66h40v10c0 6 24 10 24 30v86c0 8-6 12-12 12H88c-6 0-12-4-12-12v-86c0-20 24-24 24-30z" fill="#c98a3c"/><rect x="84" y="124" width="72" height="48" rx="4" fill="#fff"/><path d="M94 140h52M94 156h34" stroke="${ACCENT}"/>`,
  ),
  // lyophilised biochemical: small glass vial, crimp cap, powder at the bottom
  'bio-vial': frame(
    `<rect x="98" y="46" width="44" height="22" rx="3" fill="${ACCENT}"/><rect x="104" y="68" width="32" height="10" fill="#b9b2f6"/><path d="M96 78h48v104c0 8-6 14-14 14h-20c-8 0-14-6-14-14z" fill="${GLASS}"/><path d="M97 160h46v22c0 8-6 13-13 13h-20c-7 0-13-5-13-13z" fill="#f4e7c8" stroke="none"/><path d="M96 78h48v104c0 8-6 14-14 14h-20c-8 0-14-6-14-14z"/><path d="M106 100v40" stroke="#d6dbe6"/>`,
  ),
  // molecular biology kit: a box with tubes in a row
  kit: frame(
    `<path d="M52 96l68-28 68 28v76l-68 28-68-28z" fill="#fff"/><path d="M52 96l68 28 68-28M120 124v76"/><path d="M120 124l68-28v76l-68 28z" fill="${ACCENT}" opacity=".85"/><g stroke-width="3"><path d="M70 112v34l8 6 8-6v-34z" fill="#ffd36e"/><path d="M92 122v34l8 6 8-6v-34z" fill="#7ed3b2"/></g><path d="M140 140h32M140 152h24" stroke="#fff"/>`,
  ),
  // culture medium: square media bottle with pink medium
  'culture-medium': frame(
    `<rect x="100" y="40" width="40" height="22" rx="4" fill="${ACCENT}"/><path d="M104 62h32v12l20 10v104c0 6-4 10-10 10H94c-6 0-10-4-10-10V84l20-10z" fill="${GLASS}"/><path d="M86 118h68v70c0 5-4 8-8 8H94c-5 0-8-3-8-8z" fill="#f59fb8" stroke="none"/><path d="M104 62h32v12l20 10v104c0 6-4 10-10 10H94c-6 0-10-4-10-10V84l20-10z"/><path d="M96 104h14M96 132h10M96 160h14" stroke-width="3"/>`,
  ),
  // HPLC column: steel tube with end fittings
  'hplc-column': frame(
    `<g transform="rotate(-35 120 120)"><rect x="48" y="106" width="144" height="28" rx="6" fill="#dfe3ea"/><rect x="30" y="102" width="22" height="36" rx="4" fill="${INK}"/><rect x="188" y="102" width="22" height="36" rx="4" fill="${INK}"/><rect x="82" y="110" width="64" height="20" rx="3" fill="${ACCENT}"/><path d="M16 120h14M210 120h14"/></g>`,
  ),
  // 2 mL autosampler vial with a blue screw cap and septum
  'sample-vial': frame(
    `<rect x="94" y="52" width="52" height="30" rx="5" fill="#3a7bd5"/><rect x="108" y="46" width="24" height="8" rx="2" fill="#d5dff0"/><path d="M98 82h44v96c0 10-6 16-16 16h-12c-10 0-16-6-16-16z" fill="${GLASS}"/><rect x="102" y="112" width="36" height="40" rx="3" fill="#fff"/><path d="M108 124h24M108 138h16" stroke="${ACCENT}" stroke-width="3"/>`,
  ),
  // SPE cartridge: a syringe barrel with the sorbent bed
  'spe-cartridge': frame(
    `<path d="M82 44h76l-6 10h-64z" fill="#fff"/><path d="M88 54h64v112l-18 14v20h-28v-20l-18-14z" fill="${GLASS}"/><path d="M90 134h60v30l-16 12h-28l-16-12z" fill="#e9d8a6" stroke="none"/><path d="M88 54h64v112l-18 14v20h-28v-20l-18-14z"/><path d="M90 134h60" stroke="${ACCENT}"/>`,
  ),
  // pipette tips standing in a rack
  'pipette-tips': frame(
    `<path d="M46 150h148v40H46z" fill="${ACCENT}"/><path d="M46 150l18-22h112l18 22" fill="#b9b2f6"/><g fill="#fff"><path d="M72 56h16l-4 72h-8z"/><path d="M102 56h16l-4 72h-8z"/><path d="M132 56h16l-4 72h-8z"/><path d="M162 70h12l-3 58h-6z"/></g>`,
  ),
  // conical centrifuge tube with graduations
  'centrifuge-tube': frame(
    `<rect x="92" y="38" width="56" height="20" rx="4" fill="${ACCENT}"/><path d="M96 58h48v108l-24 36-24-36z" fill="${GLASS}"/><path d="M97 128h46v38l-23 34-23-34z" fill="#cfe6ff" stroke="none"/><path d="M96 58h48v108l-24 36-24-36z"/><path d="M132 80h12M136 96h8M132 112h12M136 128h8M132 144h12" stroke-width="3"/>`,
  ),
  // petri dish, lid slightly off
  'culture-dish': frame(
    `<ellipse cx="120" cy="150" rx="76" ry="24" fill="${GLASS}"/><path d="M44 150v14c0 13 34 24 76 24s76-11 76-24v-14"/><ellipse cx="120" cy="150" rx="64" ry="17" fill="#f7e2a8" stroke="none"/><g transform="rotate(-12 120 96)"><ellipse cx="120" cy="96" rx="78" ry="24" fill="#ffffffcc"/><path d="M42 96v-10c0-13 35-24 78-24s78 11 78 24v10"/></g>`,
  ),
  // syringe filter: a disc with a luer inlet and outlet
  'syringe-filter': frame(
    `<rect x="110" y="36" width="20" height="40" rx="3" fill="#fff"/><circle cx="120" cy="122" r="52" fill="${ACCENT}"/><circle cx="120" cy="122" r="36" fill="#fff"/><path d="M92 122h56M120 94v56" stroke="#d6dbe6" stroke-width="3"/><path d="M112 174h16l-4 28h-8z" fill="#fff"/>`,
  ),
  // nitrile glove
  gloves: frame(
    `<path d="M86 204v-40l-26-44c-5-9 6-17 13-10l19 22V62c0-10 14-10 14 0v50-64c0-10 15-10 15 0v64-58c0-10 15-10 15 0v58-46c0-10 14-10 14 0v90c0 18-8 30-16 36v12z" fill="#8fb8f0"/><path d="M86 188h62" stroke-width="3"/>`,
  ),
  // glassware: a graduated beaker
  glassware: frame(
    `<path d="M68 56h104l-8 10v120c0 8-6 12-12 12H88c-6 0-12-4-12-12V66l-12-4z" fill="${GLASS}"/><path d="M77 124h86v62c0 7-5 10-11 10H88c-6 0-11-3-11-10z" fill="#cfe6ff" stroke="none"/><path d="M68 56h104l-8 10v120c0 8-6 12-12 12H88c-6 0-12-4-12-12V66l-12-4z"/><path d="M88 88h18M88 112h12M88 136h18M88 160h12" stroke-width="3"/>`,
  ),
  // single-channel pipette
  pipette: frame(
    `<g transform="rotate(20 120 120)"><rect x="104" y="30" width="32" height="18" rx="6" fill="${ACCENT}"/><rect x="112" y="48" width="16" height="14" fill="${INK}"/><path d="M100 62h40v78c0 10-8 16-20 16s-20-6-20-16z" fill="#fff"/><rect x="108" y="80" width="24" height="20" rx="3" fill="${SOFT}"/><path d="M112 156h16l-4 26h-8z" fill="#d6dbe6"/><path d="M116 182h8l-3 30h-2z" fill="#fff"/></g>`,
  ),
  // combination pH electrode
  electrode: frame(
    `<rect x="104" y="30" width="32" height="28" rx="5" fill="${INK}"/><path d="M120 30c0-12-24-12-30-2" /><path d="M106 58h28v110c0 10-6 16-14 16s-14-6-14-16z" fill="${GLASS}"/><circle cx="120" cy="176" r="14" fill="#cfe6ff"/><path d="M120 70v88" stroke="${ACCENT}" stroke-width="3"/>`,
  ),
  // accessories: tube rack with a stir bar
  accessory: frame(
    `<path d="M44 108h152v24H44z" fill="${ACCENT}"/><path d="M52 132v52M188 132v52M44 184h152" /><g fill="#fff"><circle cx="70" cy="120" r="7"/><circle cx="100" cy="120" r="7"/><circle cx="130" cy="120" r="7"/><circle cx="160" cy="120" r="7"/></g><rect x="92" y="156" width="56" height="16" rx="8" fill="#fff"/>`,
  ),
};

/** The drawing of a leaf category of the demo tree (db/seed/catalog/generate.ts CATEGORY_TREE). */
export const CATEGORY_DRAWING_OF: Record<string, string> = {
  通用试剂: 'reagent-bottle',
  有机试剂: 'reagent-bottle',
  无机试剂: 'reagent-bottle',
  分析试剂: 'reagent-bottle',
  生化试剂: 'bio-vial',
  分子生物学: 'kit',
  细胞培养: 'culture-medium',
  色谱柱: 'hplc-column',
  样品瓶: 'sample-vial',
  固相萃取: 'spe-cartridge',
  移液耗材: 'pipette-tips',
  离心管: 'centrifuge-tube',
  培养器皿: 'culture-dish',
  过滤耗材: 'syringe-filter',
  防护用品: 'gloves',
  玻璃仪器: 'glassware',
  移液器: 'pipette',
  电极: 'electrode',
  其他配件: 'accessory',
};
