import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fft } from './fft.js';
import { type Tensor, tfliteTensors } from './tflite-tensors.js';

/** The DTLN model files (models/dtln: where they come from, their licence and checksums). */
export const DTLN_MODELS = fileURLToPath(new URL('../../../../models/dtln/', import.meta.url));

/** 16 kHz audio in blocks of 32 ms, moved on by 8 ms; the output lags the input by a block less a shift. */
const BLOCK = 512;
const SHIFT = 128;
const BINS = BLOCK / 2 + 1;
export const DTLN_SHIFT = SHIFT;
export const DTLN_DELAY = BLOCK - SHIFT;

/**
 * DTLN, the dual-signal transformation LSTM network (Westhausen and Meyer, Interspeech 2020), a speech
 * enhancer trained on the Deep Noise Suppression challenge's noises: per block, a first core of two LSTMs
 * masks the magnitude spectrum, a second masks a learned encoding of the resulting waveform. Its layers are
 * computed here from the weights of its stateful TensorFlow Lite files (two LSTM layers of 128 units per core);
 * about 1 million multiply-adds per 8 ms of audio. Feed it 128 samples (floats, -1..1) at a time.
 */
export class Dtln {
  private readonly input = new Float32Array(BLOCK);
  private readonly output = new Float32Array(BLOCK);
  private readonly re = new Float64Array(BLOCK);
  private readonly im = new Float64Array(BLOCK);
  private readonly magnitude = new Float32Array(BINS);
  private readonly mask = new Float32Array(BINS);
  private readonly estimate = new Float32Array(BLOCK);
  private readonly encoded = new Float32Array(BLOCK / 2);
  private readonly normalised = new Float32Array(BLOCK / 2);
  private readonly decoded = new Float32Array(BLOCK);
  private readonly spectral: [Lstm, Lstm, Dense];
  private readonly temporal: [Dense, LayerNorm, Lstm, Lstm, Dense, Dense];

  constructor(model1: Map<string, Tensor>, model2: Map<string, Tensor>) {
    const w1 = (name: string) => weight(model1, name);
    const w2 = (name: string) => weight(model2, name);
    this.spectral = [
      new Lstm(
        w1('MatMul;functional_3/lstm_4/lstm_cell_4/StatefulPartitionedCall/MatMul'),
        w1('MatMul_1;functional_3/lstm_4/lstm_cell_4/StatefulPartitionedCall/MatMul_1'),
        w1('functional_3/lstm_4/lstm_cell_4/3188'),
      ),
      new Lstm(
        w1('functional_3/lstm_5/lstm_cell_5/MatMul'),
        w1('functional_3/lstm_5/lstm_cell_5/MatMul_1'),
        w1('functional_3/lstm_5/lstm_cell_5/BiasAdd/ReadVariableOp/resource'),
      ),
      new Dense(w1('functional_3/dense_2/Tensordot/MatMul'), w1('functional_3/dense_2/BiasAdd/ReadVariableOp/resource')),
    ];
    this.temporal = [
      new Dense(
        w2('conv1d;functional_5/conv1d_2/StatefulPartitionedCall/conv1d1'),
        w2('conv1d;functional_5/conv1d_2/StatefulPartitionedCall/conv1d'),
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
      ),
      new Lstm(
        w2('functional_5/lstm_7/lstm_cell_7/MatMul'),
        w2('functional_5/lstm_7/lstm_cell_7/MatMul_1'),
        w2('functional_5/lstm_7/lstm_cell_7/BiasAdd/ReadVariableOp/resource'),
      ),
      new Dense(w2('functional_5/dense_3/Tensordot/MatMul'), w2('functional_5/dense_3/BiasAdd/ReadVariableOp/resource')),
      new Dense(w2('functional_5/conv1d_3/conv1d1'), w2('functional_5/conv1d_3/conv1d')),
    ];
  }

  /** The model from its two files in `dir` (model_1.tflite, model_2.tflite). */
  static load(dir = DTLN_MODELS): Dtln {
    const read = (name: string) => tfliteTensors(new Uint8Array(fs.readFileSync(`${dir}/${name}`)));
    return new Dtln(read('model_1.tflite'), read('model_2.tflite'));
  }

  /** Takes the next SHIFT input samples and gives the next SHIFT output samples (DTLN_DELAY behind). */
  step(samples: Float32Array, out: Float32Array): void {
    this.input.copyWithin(0, SHIFT);
    this.input.set(samples.subarray(0, SHIFT), BLOCK - SHIFT);
    // First core: a mask on the magnitude spectrum, the phase kept.
    for (let i = 0; i < BLOCK; i++) {
      this.re[i] = this.input[i];
      this.im[i] = 0;
    }
    fft(this.re, this.im);
    for (let k = 0; k < BINS; k++) this.magnitude[k] = Math.hypot(this.re[k], this.im[k]);
    const [lstm1, lstm2, toMask] = this.spectral;
    toMask.apply(lstm2.step(lstm1.step(this.magnitude)), this.mask);
    for (let k = 0; k < BLOCK; k++) {
      const g = sigmoid(this.mask[k < BINS ? k : BLOCK - k]);
      this.re[k] *= g;
      this.im[k] *= g;
    }
    fft(this.re, this.im, true);
    for (let i = 0; i < BLOCK; i++) this.estimate[i] = this.re[i] / BLOCK;
    // Second core: a mask on a learned encoding of that block, decoded back to samples.
    const [encoder, norm, lstm3, lstm4, toMask2, decoder] = this.temporal;
    encoder.apply(this.estimate, this.encoded);
    norm.apply(this.encoded, this.normalised);
    const mask2 = this.normalised; // reused: the normalised encoding is not needed after the LSTMs
    toMask2.apply(lstm4.step(lstm3.step(this.normalised)), mask2);
    for (let i = 0; i < mask2.length; i++) mask2[i] = this.encoded[i] * sigmoid(mask2[i]);
    decoder.apply(mask2, this.decoded);
    // Overlap-add of the decoded blocks.
    this.output.copyWithin(0, SHIFT);
    this.output.fill(0, BLOCK - SHIFT);
    for (let i = 0; i < BLOCK; i++) this.output[i] += this.decoded[i];
    out.set(this.output.subarray(0, SHIFT));
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

/** y = W x + b, W stored [outputs][inputs] (TensorFlow Lite's fully-connected and 1x1 convolution layout). */
class Dense {
  readonly outputs: number;
  readonly inputs: number;
  constructor(
    private readonly w: Tensor,
    private readonly b: Tensor,
  ) {
    this.outputs = w.shape[0];
    this.inputs = w.data.length / this.outputs;
  }

  apply(x: Float32Array, y: Float32Array): void {
    const w = this.w.data;
    y.set(this.b.data.subarray(0, this.outputs));
    multiplyAdd(w, x, this.inputs, this.outputs, y);
  }
}

/** DTLN's instant layer normalisation: each vector to zero mean and unit variance, then scaled and shifted. */
class LayerNorm {
  constructor(
    private readonly gamma: Tensor,
    private readonly beta: Tensor,
    private readonly epsilon: number,
  ) {}

  apply(x: Float32Array, y: Float32Array): void {
    let mean = 0;
    for (let i = 0; i < x.length; i++) mean += x[i];
    mean /= x.length;
    let variance = 0;
    for (let i = 0; i < x.length; i++) variance += (x[i] - mean) ** 2;
    const scale = 1 / Math.sqrt(variance / x.length + this.epsilon);
    for (let i = 0; i < x.length; i++) y[i] = (x[i] - mean) * scale * this.gamma.data[i] + this.beta.data[i];
  }
}

/** A Keras LSTM layer run one step at a time; gates in Keras order (input, forget, cell, output). */
class Lstm {
  private readonly units: number;
  private readonly h: Float32Array;
  private readonly c: Float32Array;
  private readonly z: Float32Array;
  private readonly input: Dense;
  private readonly recurrent: Float32Array;

  constructor(w: Tensor, u: Tensor, bias: Tensor) {
    this.units = u.shape[1];
    this.h = new Float32Array(this.units);
    this.c = new Float32Array(this.units);
    this.z = new Float32Array(4 * this.units);
    this.input = new Dense(w, bias);
    this.recurrent = u.data;
  }

  step(x: Float32Array): Float32Array {
    const n = this.units;
    const z = this.z;
    const h = this.h;
    const u = this.recurrent;
    this.input.apply(x, z);
    multiplyAdd(u, h, n, 4 * n, z);
    for (let k = 0; k < n; k++) {
      const i = sigmoid(z[k]);
      const f = sigmoid(z[n + k]);
      const g = Math.tanh(z[2 * n + k]);
      const o = sigmoid(z[3 * n + k]);
      this.c[k] = f * this.c[k] + i * g;
      h[k] = o * Math.tanh(this.c[k]);
    }
    return h;
  }
}
