import { signingString } from '@kc/contracts/platform/signing';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

// Pure-JS hashing: crypto.subtle is missing on plain-http origins other than localhost.

/** Lower-case hex SHA-256 of a UTF-8 string ('' hashes the empty input). */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** The `sign` header: hex HMAC-SHA256 over method, exact request target, nonce and body hash (see @kc/contracts/signing). */
export function signRequest(key: string, method: string, pathWithQuery: string, nonce: string, body: string): string {
  const message = signingString(method, pathWithQuery, nonce, sha256Hex(body));
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}
