import type { ChatCompletionTool } from 'openai/resources/chat/completions';

/**
 * The tools the language model may call (model-assistant.ts runs them): each reads our data with
 * the member's rights and answers names, roles, dates and places only.
 */
export const ASSISTANT_TOOLS: ChatCompletionTool[] = [
  {
    type: 'function',
    function: {
      name: 'search_events',
      description: 'Search upcoming events the member can see, by words, city or country, and dates.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Topic words, e.g. "AI meetup"' },
          place: { type: 'string', description: 'A city or country, e.g. "Stockholm"' },
          from: { type: 'string', description: 'ISO date: events still going on or after this day' },
          to: { type: 'string', description: 'ISO date: events starting before this day' },
          limit: { type: 'integer', minimum: 1, maximum: 10 },
        },
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_event',
      description: 'Details of one event by id.',
      parameters: { type: 'object', properties: { eventId: { type: 'string' } }, required: ['eventId'], additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'recommend_events',
      description: "Upcoming events that match the member's profile (role and story).",
      parameters: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 10 } }, additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_my_connections_at_event',
      description: "The member's connections who attend the event or were made there (names and roles).",
      parameters: { type: 'object', properties: { eventId: { type: 'string' } }, required: ['eventId'], additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'suggest_attendees',
      description: 'The attendees of an event the member attends who are most worth meeting, with a reason each.',
      parameters: {
        type: 'object',
        properties: { eventId: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 10 } },
        required: ['eventId'],
        additionalProperties: false,
      },
    },
  },
];
