import type { Face } from '../../imaging/faces.js';

export type FaceShape = 'oval' | 'round' | 'square' | 'heart' | 'oblong' | 'diamond';

/** Mesh points measured (MediaPipe face mesh numbering). */
const POINTS = { top: 10, chin: 152, cheekLeft: 234, cheekRight: 454, jawLeft: 172, jawRight: 397, foreheadLeft: 54, foreheadRight: 284 };
/** Jaw and forehead widths tell shapes apart more than length does. */
const WEIGHTS = [1, 1.5, 1.5];

export interface FaceMeasurements {
  length_to_width: number;
  jaw_to_cheekbones: number;
  forehead_to_cheekbones: number;
  yaw_degrees: number;
}

/** The three ratios of a face, from its mesh. */
export function measureFace(face: Face): FaceMeasurements {
  const d = (a: number, b: number) => Math.hypot(face.mesh[a][0] - face.mesh[b][0], face.mesh[a][1] - face.mesh[b][1]);
  const cheek = d(POINTS.cheekLeft, POINTS.cheekRight);
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    length_to_width: r(d(POINTS.top, POINTS.chin) / cheek),
    jaw_to_cheekbones: r(d(POINTS.jawLeft, POINTS.jawRight) / cheek),
    forehead_to_cheekbones: r(d(POINTS.foreheadLeft, POINTS.foreheadRight) / cheek),
    yaw_degrees: Math.round(face.yaw * 10) / 10,
  };
}

/**
 * The shape whose prototype ratios (knowledge/haircuts.yaml) are nearest, by weighted distance; the
 * confidence grows with the margin over the runner-up: 0.5 when tied, up to 0.95.
 */
export function classifyFace(m: FaceMeasurements, prototypes: Record<FaceShape, number[]>): { shape: FaceShape; confidence: number } {
  const v = [m.length_to_width, m.jaw_to_cheekbones, m.forehead_to_cheekbones];
  const ranked = (Object.entries(prototypes) as Array<[FaceShape, number[]]>)
    .map(([shape, p]) => ({ shape, d: Math.sqrt(p.reduce((s, x, i) => s + WEIGHTS[i] * (x - v[i]) ** 2, 0)) }))
    .sort((a, b) => a.d - b.d);
  const [best, next] = ranked;
  const margin = next.d + best.d > 0 ? (next.d - best.d) / (next.d + best.d) : 0;
  return { shape: best.shape, confidence: Math.round((0.5 + 0.45 * margin) * 100) / 100 };
}
