import {
  type Abi,
  type AbiFunction,
  type BaseError,
  type CallParameters,
  concatHex,
  decodeFunctionResult,
  encodeAbiParameters,
  getContractError,
  type Hex,
  type ReadContractParameters,
  toFunctionSelector,
} from 'viem';

interface Prepared {
  item: AbiFunction;
  selector: Hex;
}

/** What reads go through: viem's own readContract, and the eth_call it makes. */
export interface ReadingClient {
  readContract(args: ReadContractParameters): Promise<unknown>;
  call(args: CallParameters): Promise<{ data?: Hex }>;
}

/**
 * viem's readContract with each function's ABI entry and selector found once per ABI, name and argument count:
 * viem finds them on every call (an overloaded function's arguments checked against each overload, a keccak of the
 * signature, twice: to encode and to decode), about a fifth of a paid request's verify outside its round trips
 * (the simulated transferWithAuthorization, overloaded in @x402/evm's ABI). The same call, answer and errors; a
 * name whose overloads share an argument count is left to viem.
 */
export function preparedRead(client: ReadingClient): (args: ReadContractParameters) => Promise<unknown> {
  const prepared = new WeakMap<Abi | readonly unknown[], Map<string, Prepared | null>>();
  const lookup = (abi: Abi, name: string, count: number): Prepared | null => {
    let byName = prepared.get(abi);
    if (!byName) prepared.set(abi, (byName = new Map()));
    const key = `${name}/${count}`;
    let found = byName.get(key);
    if (found === undefined) {
      const items = abi.filter((i): i is AbiFunction => i.type === 'function' && i.name === name && i.inputs.length === count);
      found = items.length === 1 ? { item: items[0], selector: toFunctionSelector(items[0]) } : null;
      byName.set(key, found);
    }
    return found;
  };
  return async (args) => {
    const { abi, address, args: values = [], functionName, ...rest } = args as ReadContractParameters & { args?: readonly unknown[] };
    const found = Array.isArray(abi) ? lookup(abi as Abi, functionName, values.length) : null;
    if (!found) return client.readContract(args);
    const data = concatHex([found.selector, encodeAbiParameters(found.item.inputs, values)]);
    try {
      const answer = await client.call({ ...rest, to: address, data } as CallParameters);
      return decodeFunctionResult({ abi: [found.item], data: answer.data || '0x' });
    } catch (error) {
      // As readContract reports it.
      throw getContractError(error as BaseError, {
        abi: abi as Abi,
        address,
        args: values,
        docsPath: '/docs/contract/readContract',
        functionName,
      });
    }
  };
}
