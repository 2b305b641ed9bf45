import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tensor2D } from '@tensorflow/tfjs-core';
import { fft } from './fft.js';
import { loadTfWasm, type Tf } from './tfjs-wasm.js';
import { type Tensor, tfliteTensors } from './tflite-tensors.js';

/** The DTLN model files (models/dtln: where they come from, their licence and checksums). */
export const DTLN_MODELS = fileURLToPath(new URL('../../../../models/dtln/', import.meta.url));

/** 16 kHz audio in blocks of 32 ms, moved on by 8 ms; the output lags the input by a block less a shift. */
const BLOCK = 512;
const SHIFT = 128;
const BINS = BLOCK / 2 + 1;
/** Each LSTM's units, and the width of the second core's encoding. */
const UNITS = 128;
const ENCODING = 256;
export const DTLN_SHIFT = SHIFT;
export const DTLN_DELAY = BLOCK - SHIFT;

/** Blocks computed together, layer by layer: bounds the memory (about 20 kB a block) and keeps a chunk's inputs in cache. */
const CHUNK = 128;

/**
 * DTLN, the dual-signal transformation LSTM network (Westhausen and Meyer, Interspeech 2020), a speech
 * enhancer trained on the Deep Noise Suppression challenge's noises: per block, a first core of two LSTMs
 * masks the magnitude spectrum, a second masks a learned encoding of the resulting waveform. Its layers are
 * computed here from the weights of its stateful TensorFlow Lite files (two LSTM layers of 128 units per core);
 * about 1 million multiply-adds per 8 ms of audio.
 *
 * No layer feeds an earlier one across blocks except through each LSTM's own state, so a chunk of blocks is run
 * layer by layer: each layer's input weights are applied to all the chunk's blocks in one product (each weight
 * loaded once for many blocks, three quarters of the work), and only the LSTMs' recurrent parts go block by block.
 * How the input is cut into calls changes the output by float rounding at most (dtln.test.ts).
 */
export class Dtln {
  private readonly input = new Float32Array(BLOCK);
  private readonly output = new Float32Array(BLOCK);
  // Per chunk, block after block: the spectra (kept for the first mask), then each layer's outputs.
  private readonly re = new Float64Array(CHUNK * BLOCK);
  private readonly im = new Float64Array(CHUNK * BLOCK);
  private readonly magnitude = new Float32Array(CHUNK * BINS);
  private readonly gates = new Float32Array(CHUNK * 4 * UNITS);
  private readonly hidden = [new Float32Array(CHUNK * UNITS), new Float32Array(CHUNK * UNITS)];
  private readonly mask = new Float32Array(CHUNK * BINS);
  private readonly estimate = new Float32Array(CHUNK * BLOCK);
  private readonly encoded = new Float32Array(CHUNK * ENCODING);
  private readonly normalised = new Float32Array(CHUNK * ENCODING);
  private readonly decoded = new Float32Array(CHUNK * BLOCK);
  private readonly spectral: [Lstm, Lstm, Dense];
  private readonly temporal: [Dense, LayerNorm, Lstm, Lstm, Dense, Dense];

  constructor(model1: Map<string, Tensor>, model2: Map<string, Tensor>, tf: Tf | null) {
    const w1 = (name: string) => weight(model1, name);
    const w2 = (name: string) => weight(model2, name);
    this.spectral = [
      new Lstm(
        w1('MatMul;functional_3/lstm_4/lstm_cell_4/StatefulPartitionedCall/MatMul'),
        w1('MatMul_1;functional_3/lstm_4/lstm_cell_4/StatefulPartitionedCall/MatMul_1'),
        w1('functional_3/lstm_4/lstm_cell_4/3188'),
        tf,
      ),
      new Lstm(
        w1('functional_3/lstm_5/lstm_cell_5/MatMul'),
        w1('functional_3/lstm_5/lstm_cell_5/MatMul_1'),
        w1('functional_3/lstm_5/lstm_cell_5/BiasAdd/ReadVariableOp/resource'),
        tf,
      ),
      new Dense(w1('functional_3/dense_2/Tensordot/MatMul'), w1('functional_3/dense_2/BiasAdd/ReadVariableOp/resource'), tf),
    ];
    this.temporal = [
      new Dense(
        w2('conv1d;functional_5/conv1d_2/StatefulPartitionedCall/conv1d1'),
        w2('conv1d;functional_5/conv1d_2/StatefulPartitionedCall/conv1d'),
        tf,
      ),
      new LayerNorm(
        w2('functional_5/instant_layer_normalization_1/3741'),
        w2('functional_5/instant_layer_normalization_1/3743'),
        w2('add/y;functional_5/instant_layer_normalization_1/StatefulPartitionedCall/add/y').data[0],
      ),
      new Lstm(
        w2('MatMul;functional_5/lstm_6/lstm_cell_6/StatefulPartitionedCall/MatMul'),
        w2('MatMul_1;functional_5/lstm_6/lstm_cell_6/StatefulPartitionedCall/MatMul_1'),
        w2('functional_5/lstm_6/lstm_cell_6/3845'),
        tf,
      ),
      new Lstm(
        w2('functional_5/lstm_7/lstm_cell_7/MatMul'),
        w2('functional_5/lstm_7/lstm_cell_7/MatMul_1'),
        w2('functional_5/lstm_7/lstm_cell_7/BiasAdd/ReadVariableOp/resource'),
        tf,
      ),
      new Dense(w2('functional_5/dense_3/Tensordot/MatMul'), w2('functional_5/dense_3/BiasAdd/ReadVariableOp/resource'), tf),
      new Dense(w2('functional_5/conv1d_3/conv1d1'), w2('functional_5/conv1d_3/conv1d'), tf),
    ];
  }

  /**
   * The model from its two files in `dir` (model_1.tflite, model_2.tflite). Its products for many blocks run on
   * TensorFlow.js's WebAssembly backend (tfjs-wasm.ts: XNNPACK, about five times as fast as plain JS; float sums
   * in another order, so the output differs in the last bits); `reference` computes them in plain JS block by
   * block instead, in the order of the model's own step-by-step run (for tests).
   */
  static async load(dir = DTLN_MODELS, reference = false): Promise<Dtln> {
    const read = (name: string) => tfliteTensors(new Uint8Array(fs.readFileSync(`${dir}/${name}`)));
    return new Dtln(read('model_1.tflite'), read('model_2.tflite'), reference ? null : await loadTfWasm());
  }

  /**
   * Takes the next input samples (floats, -1..1; a whole number of DTLN_SHIFT) and writes as many output samples
   * to `out` (DTLN_DELAY behind the input).
   */
  process(samples: Float32Array, out: Float32Array): void {
    if (samples.length % SHIFT !== 0) throw new Error(`DTLN takes whole shifts of ${SHIFT} samples, not ${samples.length}`);
    for (let at = 0; at < samples.length; at += CHUNK * SHIFT) {
      const end = Math.min(samples.length, at + CHUNK * SHIFT);
      this.chunk(samples.subarray(at, end), out.subarray(at, end), (end - at) / SHIFT);
    }
  }

  private chunk(samples: Float32Array, out: Float32Array, blocks: number): void {
    const { re, im, magnitude, mask, estimate, encoded, normalised, decoded } = this;
    const [h1, h2] = this.hidden;
    // First core: a mask on the magnitude spectrum, the phase kept.
    for (let b = 0; b < blocks; b++) {
      this.input.copyWithin(0, SHIFT);
      this.input.set(samples.subarray(b * SHIFT, (b + 1) * SHIFT), BLOCK - SHIFT);
      const r = re.subarray(b * BLOCK, (b + 1) * BLOCK);
      const m = im.subarray(b * BLOCK, (b + 1) * BLOCK);
      r.set(this.input);
      m.fill(0);
      fft(r, m);
      for (let k = 0; k < BINS; k++) magnitude[b * BINS + k] = Math.hypot(r[k], m[k]);
    }
    const [lstm1, lstm2, toMask] = this.spectral;
    lstm1.run(magnitude, blocks, this.gates, h1);
    lstm2.run(h1, blocks, this.gates, h2);
    toMask.apply(h2, blocks, mask);
    for (let b = 0; b < blocks; b++) {
      const r = re.subarray(b * BLOCK, (b + 1) * BLOCK);
      const m = im.subarray(b * BLOCK, (b + 1) * BLOCK);
      for (let k = 0; k < BLOCK; k++) {
        const g = sigmoid(mask[b * BINS + (k < BINS ? k : BLOCK - k)]);
        r[k] *= g;
        m[k] *= g;
      }
      fft(r, m, true);
      for (let i = 0; i < BLOCK; i++) estimate[b * BLOCK + i] = r[i] / BLOCK;
    }
    // Second core: a mask on a learned encoding of each block, decoded back to samples.
    const [encoder, norm, lstm3, lstm4, toMask2, decoder] = this.temporal;
    encoder.apply(estimate, blocks, encoded);
    norm.apply(encoded, blocks, normalised);
    lstm3.run(normalised, blocks, this.gates, h1);
    lstm4.run(h1, blocks, this.gates, h2);
    const mask2 = normalised; // reused: the normalised encoding is not needed after the LSTMs
    toMask2.apply(h2, blocks, mask2);
    for (let i = 0; i < blocks * ENCODING; i++) mask2[i] = encoded[i] * sigmoid(mask2[i]);
    decoder.apply(mask2, blocks, decoded);
    // Overlap-add of the decoded blocks.
    for (let b = 0; b < blocks; b++) {
      this.output.copyWithin(0, SHIFT);
      this.output.fill(0, BLOCK - SHIFT);
      for (let i = 0; i < BLOCK; i++) this.output[i] += decoded[b * BLOCK + i];
      out.set(this.output.subarray(0, SHIFT), b * SHIFT);
    }
  }
}

function weight(model: Map<string, Tensor>, name: string): Tensor {
  const tensor = model.get(name);
  if (!tensor) throw new Error(`DTLN model file lacks the tensor ${name}`);
  return tensor;
}

/**
 * y[o] += sum over i of w[o * n + i] * x[i], for o < rows: eight rows at a time, so each x[i] is loaded once for
 * eight weights (in V8 about twice as fast as one row at a time, and a tenth faster than four); each row's sum
 * is still taken in the order of i, so the result is the same to the bit.
 */
function multiplyAdd(w: Float32Array, x: Float32Array, n: number, rows: number, y: Float32Array): void {
  let o = 0;
  for (; o + 7 < rows; o += 8) {
    const r0 = o * n;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i];
      const k = r0 + i;
      s0 += w[k] * xi;
      s1 += w[k + n] * xi;
      s2 += w[k + 2 * n] * xi;
      s3 += w[k + 3 * n] * xi;
      s4 += w[k + 4 * n] * xi;
      s5 += w[k + 5 * n] * xi;
      s6 += w[k + 6 * n] * xi;
      s7 += w[k + 7 * n] * xi;
    }
    y[o] += s0;
    y[o + 1] += s1;
    y[o + 2] += s2;
    y[o + 3] += s3;
    y[o + 4] += s4;
    y[o + 5] += s5;
    y[o + 6] += s6;
    y[o + 7] += s7;
  }
  for (; o < rows; o++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += w[o * n + i] * x[i];
    y[o] += sum;
  }
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** y = W x + b for each block, W stored [outputs][inputs] (TensorFlow Lite's fully-connected and 1x1 convolution layout). */
class Dense {
  readonly outputs: number;
  readonly inputs: number;
  private readonly bias: Float32Array;
  /** Where the products run: W transposed ([inputs][outputs]) in TensorFlow.js, or W itself in plain JS. */
  private readonly weights: { tf: Tf; transposed: Tensor2D } | { w: Float32Array };

  constructor(w: Tensor, b: Tensor, tf: Tf | null) {
    this.outputs = w.shape[0];
    this.inputs = w.data.length / this.outputs;
    this.bias = b.data.subarray(0, this.outputs);
    if (!tf) {
      this.weights = { w: w.data };
      return;
    }
    // [blocks][inputs] times [inputs][outputs] is the layout XNNPACK's fully-connected kernel takes directly. The
    // JS copy is not kept (3 MB a worker for the model's eight products).
    const t = new Float32Array(this.inputs * this.outputs);
    for (let o = 0; o < this.outputs; o++) for (let i = 0; i < this.inputs; i++) t[i * this.outputs + o] = w.data[o * this.inputs + i];
    this.weights = { tf, transposed: tf.tensor2d(t, [this.inputs, this.outputs]) };
  }

  /** `x` holds `blocks` input vectors one after another, `y` receives as many output vectors. */
  apply(x: Float32Array, blocks: number, y: Float32Array): void {
    const { inputs, outputs, weights } = this;
    for (let b = 0; b < blocks; b++) y.set(this.bias, b * outputs);
    if ('w' in weights) {
      for (let b = 0; b < blocks; b++)
        multiplyAdd(weights.w, x.subarray(b * inputs, (b + 1) * inputs), inputs, outputs, y.subarray(b * outputs));
      return;
    }
    // Disposed by hand: tf.tidy would walk the returned array element by element looking for tensors.
    const input = weights.tf.tensor2d(x.subarray(0, blocks * inputs), [blocks, inputs]);
    const result = weights.tf.matMul(input, weights.transposed);
    const product = result.dataSync();
    input.dispose();
    result.dispose();
    for (let k = 0; k < blocks * outputs; k++) y[k] += product[k];
  }
}

/** DTLN's instant layer normalisation: each vector to zero mean and unit variance, then scaled and shifted. */
class LayerNorm {
  constructor(
    private readonly gamma: Tensor,
    private readonly beta: Tensor,
    private readonly epsilon: number,
  ) {}

  apply(x: Float32Array, blocks: number, y: Float32Array): void {
    const n = this.gamma.data.length;
    for (let b = 0; b < blocks; b++) {
      const at = b * n;
      let mean = 0;
      for (let i = 0; i < n; i++) mean += x[at + i];
      mean /= n;
      let variance = 0;
      for (let i = 0; i < n; i++) variance += (x[at + i] - mean) ** 2;
      const scale = 1 / Math.sqrt(variance / n + this.epsilon);
      for (let i = 0; i < n; i++) y[at + i] = (x[at + i] - mean) * scale * this.gamma.data[i] + this.beta.data[i];
    }
  }
}

/**
 * A Keras LSTM layer; gates in Keras order (input, forget, cell, output). Its state carries over from one run
 * to the next.
 */
class Lstm {
  private readonly units: number;
  private readonly h: Float32Array;
  private readonly c: Float32Array;
  private readonly input: Dense;
  private readonly recurrent: Float32Array;

  constructor(w: Tensor, u: Tensor, bias: Tensor, tf: Tf | null) {
    this.units = u.shape[1];
    this.h = new Float32Array(this.units);
    this.c = new Float32Array(this.units);
    this.input = new Dense(w, bias, tf);
    this.recurrent = u.data;
  }

  /**
   * The outputs for `blocks` inputs in `x` (one after another) into `out`: the input weights applied to all of
   * them at once (into `gates`, scratch of 4 x units a block), then the recurrent part block by block.
   */
  run(x: Float32Array, blocks: number, gates: Float32Array, out: Float32Array): void {
    const n = this.units;
    const h = this.h;
    const u = this.recurrent;
    this.input.apply(x, blocks, gates);
    for (let b = 0; b < blocks; b++) {
      const z = gates.subarray(b * 4 * n, (b + 1) * 4 * n);
      multiplyAdd(u, h, n, 4 * n, z);
      for (let k = 0; k < n; k++) {
        const i = sigmoid(z[k]);
        const f = sigmoid(z[n + k]);
        const g = Math.tanh(z[2 * n + k]);
        const o = sigmoid(z[3 * n + k]);
        this.c[k] = f * this.c[k] + i * g;
        h[k] = o * Math.tanh(this.c[k]);
      }
      out.set(h, b * n);
    }
  }
}
