// The placeholders a listing template may use (issue 31), listed beside the template's text so a person need not
// guess: every name comes from the one list the server renders with (protocol/listing-templates.ts), each with what
// it is replaced by; anything else is refused when the template is saved.
import { PLACEHOLDERS, SECTION_PLACEHOLDERS } from '../../protocol/listing-templates';
import { ListingManagerMessages, TemplateMessages } from '../../protocol/messages';

export function PlaceholderList() {
  return (
    <section aria-labelledby="template-placeholders" className="flex min-w-0 flex-col gap-1 text-sm text-slate-700">
      <h4 id="template-placeholders" className="font-medium">
        {ListingManagerMessages.placeholdersTitle}
      </h4>
      <ul aria-labelledby="template-placeholders" className="flex flex-col gap-1">
        {PLACEHOLDERS.map((name) => (
          <li key={name} className="break-words">
            <code className="rounded bg-slate-100 px-1 font-mono">{ListingManagerMessages.placeholder(name)}</code> {TemplateMessages.placeholders[name]}
          </li>
        ))}
      </ul>
      <p className="break-words">{ListingManagerMessages.sectionsHint(SECTION_PLACEHOLDERS)}</p>
    </section>
  );
}
