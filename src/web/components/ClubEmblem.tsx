/** The club emblem; replace content/public/bilder/logo.svg to change it. Decorative beside the club name. */
export function ClubEmblem({ className }: { className?: string }) {
  return <img src="/bilder/logo.svg" alt="" width={40} height={40} className={className} />;
}
