/** What the check before payment found a source cannot give: the request is refused with this reason, nothing charged. */
export class SourceRefused extends Error {}

/** A source refused because it leads to a blocked address (private, loopback, metadata): never passed over. */
export class SourceBlocked extends SourceRefused {}
