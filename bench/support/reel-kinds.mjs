// The reels of bench/quality's transitions and reels sections, and of bench/scene-text-detectors: each kind on the
// half of the material the detectors were tuned on (photos portrait and crowd, testsrc2, mandelbrot, cellauto; the
// vlog phrases) and on the held-out half (photos party and mosaic, smptebars, rgbtestsrc, life; other phrases).
export const HALVES = {
  tuned: { photos: ['portrait', 'crowd'], sources: ['testsrc2', 'mandelbrot'], busy: 'cellauto=rule=110', signs: ['SALE', 'OPEN LATE'] },
  'held out': {
    photos: ['party', 'mosaic'],
    sources: ['smptebars', 'rgbtestsrc'],
    busy: 'life=mold=10:ratio=0.3:life_color=0x30c030:death_color=0x203020',
    signs: ['PHARMACY', 'HOT COFFEE'],
  },
};
const PHRASES = {
  tuned: ['WE FLEW', 'TO LISBON FOR', 'THE WEEKEND', 'AND FOUND', 'A TINY BAKERY', 'NEAR THE RIVER', 'BEST PASTRY', 'OF MY LIFE'],
  'held out': ['THREE THINGS', 'I PACK', 'FOR EVERY TRIP', 'A WARM JACKET', 'TWO CHARGERS', 'AND SNACKS', 'FOLLOW ME', 'FOR PART TWO'],
};

export function transitionKinds(half) {
  const [p, q] = HALVES[half].photos;
  const [s, t] = HALVES[half].sources;
  const dissolve = { kind: 'dissolve', seconds: 1 };
  const fade = { kind: 'fade', seconds: 1 };
  return [
    {
      name: 'cross-fades 1 s',
      shots: [
        { seconds: 3, photo: p, into: dissolve },
        { seconds: 3, source: s, into: dissolve },
        { seconds: 3, photo: q, motion: 'pan', into: dissolve },
        { seconds: 3, photo: p, motion: 'zoom' },
      ],
    },
    {
      name: 'fades through black',
      shots: [
        { seconds: 3, photo: q, into: fade },
        { seconds: 3, photo: p, motion: 'shake', into: fade },
        { seconds: 3, source: t },
      ],
    },
    {
      name: 'cuts',
      shots: [
        { seconds: 2, photo: p, motion: 'shake' },
        { seconds: 2, photo: q, motion: 'pan' },
        { seconds: 2, source: s },
        { seconds: 2, photo: p, motion: 'zoom' },
      ],
    },
    {
      name: 'slow zoom',
      shots: [
        { seconds: 4, photo: p, motion: 'zoom' },
        { seconds: 4, photo: q, motion: 'zoom' },
      ],
    },
    {
      name: 'pan',
      shots: [
        { seconds: 4, photo: p, motion: 'pan' },
        { seconds: 4, photo: q, motion: 'pan' },
        { seconds: 4, source: s, motion: 'pan' },
      ],
    },
    {
      name: 'hand-held shake',
      shots: [
        { seconds: 4, photo: p, motion: 'shake' },
        { seconds: 4, photo: q, motion: 'shake' },
        { seconds: 4, source: t, motion: 'shake' },
      ],
    },
  ];
}

export function reelKinds(half) {
  const [p, q] = HALVES[half].photos;
  const captions = PHRASES[half].map((text, i) => ({ text, from: i * 1.25, to: (i + 1) * 1.25 }));
  const still = [
    { seconds: 5, photo: p },
    { seconds: 5, photo: q },
  ];
  // Ten seconds, as long as the captions (two cross-fades overlap the shots by a second each).
  const moving = [
    { seconds: 3.5, photo: p, motion: 'zoom', sign: 'FRESH BREAD', into: { kind: 'dissolve', seconds: 1 } },
    { seconds: 3.5, photo: q, motion: 'pan', sign: 'OPEN DAILY', into: { kind: 'fade', seconds: 1 } },
    { seconds: 5, photo: p, motion: 'shake', sign: 'CAFE' },
  ];
  const busy = [
    { seconds: 5, source: HALVES[half].busy },
    { seconds: 5, photo: q, motion: 'shake' },
  ];
  // Signs under a camera half as fast (a zoom and a pan over 10 s shots): they drift a few pixels a sample.
  const [sign1, sign2] = HALVES[half].signs;
  const slow = [
    { seconds: 10, photo: p, motion: 'zoom', sign: sign1 },
    { seconds: 10, photo: q, motion: 'pan', sign: sign2 },
  ];
  const twice = [...captions, ...captions.map((c) => ({ ...c, from: c.from + 10, to: c.to + 10 }))];
  return [
    { name: 'outlined, still photos', spec: { shots: still, captions } },
    { name: 'over moving photos', spec: { shots: moving, captions } },
    { name: 'over busy textures', spec: { shots: busy, captions } },
    { name: 'signs, slow camera', spec: { shots: slow, captions: twice } },
  ];
}
