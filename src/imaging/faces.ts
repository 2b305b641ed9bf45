import sharp from 'sharp';

export interface Face {
  box: [number, number, number, number];
  /** 468 facemesh points [x, y, z] in image pixels. */
  mesh: Array<[number, number, number]>;
  /** Head yaw, pitch and roll in degrees. */
  yaw: number;
  pitch: number;
  roll: number;
  score: number;
}

/**
 * The one person a portrait or a haircut is about: the largest face, unless another face of similar size
 * (over a quarter of its area) competes with it; a crowd far behind is fine. A string says what is wrong.
 */
export function pickOneFace(faces: Face[]): Face | string {
  if (faces.length === 0) return 'no face was found in the photo; send a clear, front-facing photo of one face';
  const main = faces[0];
  const rivals = faces.slice(1).filter((f) => f.box[2] * f.box[3] > 0.25 * main.box[2] * main.box[3]);
  if (rivals.length) return `${rivals.length + 1} faces were found in the photo; send a photo of one person`;
  return main;
}

/** A photo's pixels, upright (EXIF orientation applied), RGB without alpha. */
export interface Photo {
  rgb: Buffer;
  width: number;
  height: number;
}

export async function readPhoto(file: string): Promise<Photo> {
  const { data, info } = await sharp(file).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}
