// The spec's HTML viewer (spec §2 Lots list dialogs: "full screen, Preview and Source tabs, source read-only"):
// the listing's HTML shown two ways. The preview is an iframe with an EMPTY sandbox attribute (no scripts, no
// forms, no top navigation, no same origin: DESIGN §5) fed by srcdoc, so a hostile template or lot title runs
// nothing; the source is a read-only text area. On the one dialog base.
import * as Tabs from '@radix-ui/react-tabs';
import { Dialog, DialogActions, DialogCloseButton } from './Dialog';

export interface HtmlViewerProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly html: string;
  readonly labels?: { readonly preview: string; readonly source: string; readonly sourceLabel: string };
}

const DEFAULT_LABELS = { preview: 'Preview', source: 'Source', sourceLabel: 'HTML source (read-only)' } as const;

const TAB =
  'min-h-11 rounded-t-md border border-b-0 border-slate-300 px-4 font-medium text-slate-700 ' +
  'focus-visible:outline-2 focus-visible:outline-blue-600 data-[state=active]:bg-blue-700 data-[state=active]:text-white';

export function HtmlViewer({ open, onOpenChange, title, html, labels = DEFAULT_LABELS }: HtmlViewerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} fullScreen>
      <Tabs.Root defaultValue="preview" className="flex flex-col">
        <Tabs.List aria-label={title} className="flex flex-wrap gap-1 border-b border-slate-300">
          <Tabs.Trigger value="preview" className={TAB}>
            {labels.preview}
          </Tabs.Trigger>
          <Tabs.Trigger value="source" className={TAB}>
            {labels.source}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="preview" className="pt-3 focus-visible:outline-2 focus-visible:outline-blue-600">
          {/* sandbox="" on purpose: every permission withheld (DESIGN §5). */}
          <iframe title={labels.preview} sandbox="" srcDoc={html} className="h-[70vh] w-full rounded-md border border-slate-300 bg-white" />
        </Tabs.Content>
        <Tabs.Content value="source" className="pt-3">
          <textarea
            readOnly
            aria-label={labels.sourceLabel}
            value={html}
            spellCheck={false}
            className="h-[70vh] w-full rounded-md border border-slate-300 p-2 font-mono text-sm focus-visible:outline-2 focus-visible:outline-blue-600"
          />
        </Tabs.Content>
      </Tabs.Root>
      <DialogActions>
        <DialogCloseButton />
      </DialogActions>
    </Dialog>
  );
}
