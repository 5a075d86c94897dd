/**
 * The kinds of non-public address the window and the command line name (a fact; shared/i18n's uiResult area words
 * them: `rangeName`, `note`, `confirmText`). Its own module so that shared/ip.ts can word its note through that area
 * while the area reads this type (no import cycle).
 */
export const RANGE_KINDS = [
  'private',
  'loopback',
  'linkLocal',
  'multicast',
  'unspecified',
  'broadcast',
  'carrierGradeNat',
  'reserved',
  'benchmarking',
  'discard',
  'as112',
  'amt',
  'deprecatedSiteLocal',
  'deprecatedOrchid',
  'orchid2',
  'rfc6145',
  'rfc6052',
  '6to4',
  'teredo',
  'droneRemoteIdProtocolEntityTags',
  'segmentRouting',
] as const;

export type RangeKind = (typeof RANGE_KINDS)[number];
