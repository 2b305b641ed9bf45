/**
 * The matrix products of dtln.ts, in plain JS. Weights are stored [rows][n] (TensorFlow Lite's layout); vectors
 * are one after another. Each sum is taken in the order of i, in double precision, and added to y at the end, so
 * every function here gives the same result to the bit.
 */

/**
 * One vector: y[o] += sum over i of w[o * n + i] * x[i], for o < rows: eight rows at a time, so each x[i] is loaded once for
 * eight weights (in V8 about twice as fast as one row at a time, and a tenth faster than four); each row's sum
 * is still taken in the order of i, so the result is the same to the bit.
 */
export function multiplyAdd(w: Float32Array, x: Float32Array, n: number, rows: number, y: Float32Array): void {
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

/**
 * Many vectors at once: y[b * rows + o] += sum over i of w[o * n + i] * x[b * n + i], for o < rows and b < blocks.
 * Four rows by four vectors at a time, so each weight loaded serves four vectors and each input four rows (in V8
 * about twice as fast as multiplyAdd vector by vector, and faster than four by two or two by four).
 */
export function multiplyAddBlocks(w: Float32Array, x: Float32Array, n: number, rows: number, blocks: number, y: Float32Array): void {
  let b = 0;
  for (; b + 3 < blocks; b += 4) {
    let o = 0;
    for (; o + 3 < rows; o += 4) fourByFour(w, x, n, rows, o, b, y);
    for (; o < rows; o++) oneByFour(w, x, n, rows, o, b, y);
  }
  for (; b < blocks; b++) multiplyAdd(w, x.subarray(b * n, (b + 1) * n), n, rows, y.subarray(b * rows, (b + 1) * rows));
}

/** Rows o to o + 3 for vectors b to b + 3: sixteen sums kept in registers. */
function fourByFour(w: Float32Array, x: Float32Array, n: number, rows: number, o: number, b: number, y: Float32Array): void {
  const w0 = o * n;
  const w1 = w0 + n;
  const w2 = w1 + n;
  const w3 = w2 + n;
  const x0 = b * n;
  const x1 = x0 + n;
  const x2 = x1 + n;
  const x3 = x2 + n;
  let a00 = 0;
  let a01 = 0;
  let a02 = 0;
  let a03 = 0;
  let a10 = 0;
  let a11 = 0;
  let a12 = 0;
  let a13 = 0;
  let a20 = 0;
  let a21 = 0;
  let a22 = 0;
  let a23 = 0;
  let a30 = 0;
  let a31 = 0;
  let a32 = 0;
  let a33 = 0;
  for (let i = 0; i < n; i++) {
    const v0 = x[x0 + i];
    const v1 = x[x1 + i];
    const v2 = x[x2 + i];
    const v3 = x[x3 + i];
    let c = w[w0 + i];
    a00 += c * v0;
    a01 += c * v1;
    a02 += c * v2;
    a03 += c * v3;
    c = w[w1 + i];
    a10 += c * v0;
    a11 += c * v1;
    a12 += c * v2;
    a13 += c * v3;
    c = w[w2 + i];
    a20 += c * v0;
    a21 += c * v1;
    a22 += c * v2;
    a23 += c * v3;
    c = w[w3 + i];
    a30 += c * v0;
    a31 += c * v1;
    a32 += c * v2;
    a33 += c * v3;
  }
  add4(y, b * rows + o, a00, a10, a20, a30);
  add4(y, (b + 1) * rows + o, a01, a11, a21, a31);
  add4(y, (b + 2) * rows + o, a02, a12, a22, a32);
  add4(y, (b + 3) * rows + o, a03, a13, a23, a33);
}

function add4(y: Float32Array, at: number, s0: number, s1: number, s2: number, s3: number): void {
  y[at] += s0;
  y[at + 1] += s1;
  y[at + 2] += s2;
  y[at + 3] += s3;
}

/** Row o for vectors b to b + 3 (the rows left over from fourByFour). */
function oneByFour(w: Float32Array, x: Float32Array, n: number, rows: number, o: number, b: number, y: Float32Array): void {
  const w0 = o * n;
  const x0 = b * n;
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  for (let i = 0; i < n; i++) {
    const c = w[w0 + i];
    a0 += c * x[x0 + i];
    a1 += c * x[x0 + n + i];
    a2 += c * x[x0 + 2 * n + i];
    a3 += c * x[x0 + 3 * n + i];
  }
  y[b * rows + o] += a0;
  y[(b + 1) * rows + o] += a1;
  y[(b + 2) * rows + o] += a2;
  y[(b + 3) * rows + o] += a3;
}
