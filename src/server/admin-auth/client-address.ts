import ipaddr from "ipaddr.js";

/**
 * The key login throttling counts a client under. An IPv4 client is one address; an IPv6 client is its /64,
 * because a single subscriber usually gets a whole /64 and could otherwise rotate through endless addresses.
 * IPv4-mapped IPv6 (::ffff:10.0.0.1, what a dual-stack socket reports) counts as the IPv4 address.
 */
export function throttleKey(address: string): string {
  // A zone id (fe80::1%eth0) names the local interface, not the client.
  const plain = address.trim().replace(/%.*$/, "");
  if (!ipaddr.isValid(plain)) return `other:${plain.slice(0, 100)}`;
  const parsed = ipaddr.process(plain);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
