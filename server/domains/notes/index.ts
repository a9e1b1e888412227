// The notes domain's public face: shared notes and listing templates (labels `notes_…`, `template_…`).
export { noteHandlers } from './handlers';
export { presentNote, type NoteRow } from './note-presenter';
/** For the listing destinations: the template a listing request names (TemplateMessages.notATemplate when none). */
export { templateById } from './queries';
