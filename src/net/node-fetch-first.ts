// Node's fetch installs its own dispatcher when its client first loads; importing undici installs an undici Agent
// when none is there yet, and Node's fetch would then go through it for the whole process. Loading Node's client
// first (a lazy global) keeps fetch() elsewhere in the process on Node's own; undici then leaves the slot alone.
void globalThis.Headers;
