import { textParts } from '../message-links';

/** A message's text as text, its web addresses as links that open outside the app. */
export function MessageText({ text }: { text: string }) {
  return (
    <p className="message-text">
      {textParts(text).map((part, index) =>
        'href' in part ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
