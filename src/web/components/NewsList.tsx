import type { NewsPost } from "../../shared/site/site-content.ts";
import { formatLongDate } from "../../shared/format.ts";
import { SiteImage } from "./SiteImage.tsx";
import "./news.css";

/** "2026-11-20" as a calendar day for the formatters. */
function calendarDay(iso: string) {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

/** Newest first; the club's text is shown as text (React escapes it), a blank line starts a new paragraph. */
export function NewsList({ posts, limit, headingLevel = 3 }: { posts: readonly NewsPost[]; limit?: number; headingLevel?: 2 | 3 }) {
  const newest = [...posts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, limit);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="news-list">
      {newest.map((post) => (
        <li key={post.id}>
          <article className="news-post" aria-labelledby={`nyhet-${post.id}`}>
            {post.image && <SiteImage className="news-image" image={post.image} alt={post.imageAlt} />}
            <Heading id={`nyhet-${post.id}`} className="news-title">
              {post.title}
            </Heading>
            <p className="news-date">
              <time dateTime={post.date}>{formatLongDate(calendarDay(post.date))}</time>
            </p>
            {post.text.split(/\n\s*\n/).map((paragraph, index) => (
              <p key={index} className="news-text">
                {paragraph}
              </p>
            ))}
          </article>
        </li>
      ))}
    </ul>
  );
}
