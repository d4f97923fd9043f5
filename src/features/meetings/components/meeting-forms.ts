/**
 * The meetings' forms, one file loaded when one opens: they check what the member typed with the
 * validation library and text rules, which the lists and a meeting's page do not need before they
 * show.
 */
export { MeetingProposeForm } from './MeetingProposeForm';
export { MeetingRequestScreen } from './MeetingRequestScreen';
export { NoteForm } from './NoteForm';
