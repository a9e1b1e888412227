// The notes domain's public face: shared notes and listing templates (labels `notes_…`, `template_…`).
export { noteHandlers } from './handlers';
export { presentNote, type NoteRow } from './note-presenter';
