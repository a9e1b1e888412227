// How a STOMP body is written: JSON with every non-ASCII character escaped (\uXXXX). stompjs splits large
// frames into 16 KiB WebSocket messages by UTF-16 position (spec §9), which would cut a character outside the
// Basic Multilingual Plane in half and corrupt it; an all-ASCII body can be split anywhere.
const NON_ASCII = /[\u007f-\uffff]/g;

export function encodeBody(value: unknown): string {
  const json = JSON.stringify(value);
  return json === undefined ? '' : json.replace(NON_ASCII, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A received body: its JSON value, the raw text when it is not JSON (e.g. a proxy's error page), or
 * undefined when empty. */
export function decodeBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
