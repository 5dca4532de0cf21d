/** A client's own id for a message it sends: sending it again stores one message. */
export function newClientId(): string {
  // randomUUID exists only in secure contexts (https, localhost).
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
