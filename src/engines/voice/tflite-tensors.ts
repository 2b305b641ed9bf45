/**
 * The float32 constant tensors of a TensorFlow Lite model file, by name. A .tflite file is a FlatBuffer (the
 * schema is tensorflow/lite/schema/schema.fbs): Model.subgraphs[0].tensors name a buffer each, and
 * Model.buffers hold the bytes. Only the weights are read; the graph's operators are not run (dtln.ts computes
 * its layers itself), so this is the whole reader no runtime package is needed for.
 */
export interface Tensor {
  shape: number[];
  data: Float32Array;
}

const FLOAT32 = 0;

export function tfliteTensors(file: Uint8Array): Map<string, Tensor> {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (String.fromCharCode(...file.subarray(4, 8)) !== 'TFL3') throw new Error('not a TensorFlow Lite model (no TFL3 identifier)');
  const u32 = (at: number) => view.getUint32(at, true);
  /** The position of field `field` of the table at `table`, or null when the field is absent. */
  const field = (table: number, index: number): number | null => {
    const vtable = table - view.getInt32(table, true);
    const at = 4 + 2 * index;
    if (at >= view.getUint16(vtable, true)) return null;
    const offset = view.getUint16(vtable + at, true);
    return offset ? table + offset : null;
  };
  const deref = (at: number) => at + u32(at);
  /** The string whose offset is at `at` (length-prefixed UTF-8). */
  const string = (at: number) => {
    const start = deref(at);
    return new TextDecoder().decode(file.subarray(start + 4, start + 4 + u32(start)));
  };
  const tables = (table: number, index: number): number[] => {
    const at = field(table, index);
    if (at === null) return [];
    const vector = deref(at);
    return Array.from({ length: u32(vector) }, (_, i) => deref(vector + 4 + 4 * i));
  };
  const model = u32(0);
  const buffers = tables(model, 4);
  const [subgraph] = tables(model, 2);
  if (subgraph === undefined) throw new Error('TensorFlow Lite model without a subgraph');
  const tensors = new Map<string, Tensor>();
  for (const tensor of tables(subgraph, 0)) {
    const typeAt = field(tensor, 1);
    const type = typeAt === null ? FLOAT32 : view.getInt8(typeAt);
    const nameAt = field(tensor, 3);
    const bufferAt = field(tensor, 2);
    if (type !== FLOAT32 || nameAt === null || bufferAt === null) continue;
    const dataAt = field(buffers[u32(bufferAt)], 0);
    if (dataAt === null) continue; // an activation, not a constant
    const data = deref(dataAt);
    const bytes = file.slice(data + 4, data + 4 + u32(data)); // copied: Float32Array needs 4-byte alignment
    const shapeAt = field(tensor, 0);
    const shape = shapeAt === null ? [] : vectorOfInts(view, deref(shapeAt));
    tensors.set(string(nameAt), { shape, data: new Float32Array(bytes.buffer, 0, bytes.byteLength / 4) });
  }
  return tensors;
}

function vectorOfInts(view: DataView, vector: number): number[] {
  return Array.from({ length: view.getUint32(vector, true) }, (_, i) => view.getInt32(vector + 4 + 4 * i, true));
}
