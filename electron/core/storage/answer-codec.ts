/**
 * How a bulk job keeps an answer's JSON in state.db (bulk_answer.body): deflated (raw deflate, node:zlib) against a
 * preset dictionary shaped like the service's answer, behind a one-byte format tag, as a BLOB. A realistic answer of
 * about 1.1 KB is kept in about 270 bytes (issue 41: a 100 000-address job grew state.db by over 2 KB an address).
 * A body stored before (JSON text) is still read as it is, so no existing job needs rewriting.
 *
 * Never edit DICTIONARY_V1 or change what tag 1 means once shipped: stored answers need it to be read back. A better
 * dictionary is a new tag.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';

const TAG_DEFLATE_V1 = 1;

/** The keys and common values of a /v2/info answer, in the order the service sends them (zlib: most common last). */
const DICTIONARY_V1 = Buffer.from(
  '{"data":{"ip":"","type":"v4","hostname":null,"range_type":{"type":"PUBLIC","description":"Public address"},' +
    '"connection":{"asn":,"organization":"","isp":"","range":""},"location":{"latitude":,"longitude":,"zip":"",' +
    '"continent":{"code":"EU","name":"Europe"},"country":{"alpha2":"","alpha3":"","name":"","emoji":"",' +
    '"calling_codes":["+"],"currencies":[{"code":"","name":"","symbol":""}],"languages":[{"code":"en",' +
    '"name":"English","name_native":"English"}],"is_in_european_union":false},"region":{"alpha2":"","name":""},' +
    '"city":{"name":""}},"tlds":["."],"timezone":{"id":"","current_time":"T:00+00:00","code":"",' +
    '"is_daylight_saving":false,"gmt_offset":0},"security":{"is_anonymous":false,"is_datacenter":false,' +
    '"is_vpn":false,"is_bot":false,"is_abuser":false,"is_known_attacker":false,"is_proxy":false,"is_spam":false,' +
    '"is_tor":false,"is_icloud_relay":false,"threat_score":0},"domains":{"count":0,"domains":[]}}}',
);

/** The stored form of an answer's JSON text. */
export function packAnswer(json: string): Uint8Array {
  const packed = deflateRawSync(Buffer.from(json, 'utf8'), { dictionary: DICTIONARY_V1 });
  const out = new Uint8Array(packed.length + 1);
  out[0] = TAG_DEFLATE_V1;
  out.set(packed, 1);
  return out;
}

/**
 * The JSON text of a stored answer: a packed one unpacked, one stored as text before this format given as it is;
 * null for null, an unknown tag or a damaged blob (the caller reads null as "no answer kept").
 */
export function unpackAnswer(stored: unknown): string | null {
  if (typeof stored === 'string') return stored;
  if (!(stored instanceof Uint8Array) || stored.length < 2 || stored[0] !== TAG_DEFLATE_V1) return null;
  try {
    return inflateRawSync(stored.subarray(1), { dictionary: DICTIONARY_V1 }).toString('utf8');
  } catch {
    return null;
  }
}
