/**
 * The tracking page of one parcel: the channel's query address with `{com}` replaced by the
 * channel's code and `{no}` by the tracking number (both URL-encoded), e.g.
 * https://www.kuaidi100.com/chaxun?com={com}&nu={no}. An address without placeholders is the
 * carrier's own search page, linked as it is; a channel without an address has no link.
 */
export function trackingLink(template: string | null, channelCode: string, trackingNo: string): string | null {
  if (!template) return null;
  return template.replaceAll('{com}', encodeURIComponent(channelCode)).replaceAll('{no}', encodeURIComponent(trackingNo));
}
