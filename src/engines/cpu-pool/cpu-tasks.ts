import { binarisedCrop, findTextLayer } from '../../imaging/text-regions.js';
import { scanDocument } from '../images/document-scan.js';
import { detectFacesInFile } from '../images/face-detection.js';
import { composePortraitOfFile } from '../images/portrait-of-file.js';

/**
 * What the CPU pool's threads run, by name: the engines' CPU-heavy work, each taking and returning what can be
 * structured-cloned between threads (a Buffer arrives as a Uint8Array).
 */
export const cpuTasks = {
  detectFaces: detectFacesInFile,
  composePortrait: composePortraitOfFile,
  scanDocument,
  findTextLayer: (file: string, gray: string | Uint8Array | undefined) => findTextLayer(file, gray),
  binarisedCrop,
};

export type CpuTasks = typeof cpuTasks;
