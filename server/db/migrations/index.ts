import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as consentsActiveOnce from './0002_consents_active_once';
import * as eventsSearch from './0003_events_search';
import * as media from './0004_media';
import * as locations from './0005_locations';
import * as profileInterests from './0006_profile_interests';
import * as connectionNotes from './0007_connection_notes';
import * as feedPaging from './0008_feed_paging';
import * as calendarFeeds from './0009_calendar_feeds';
import * as billing from './0010_billing';
import * as recommendations from './0012_recommendations';
import * as recommendationRankings from './0015_recommendation_rankings';
import * as chats from './0013_chats';
import * as deckVersions from './0014_deck_versions';
import * as push from './0016_push';
import * as promotions from './0017_promotions';
import * as eventNameTrigrams from './0018_event_name_trigrams';
import * as eventLabels from './0019_event_labels';
import * as writeQuotas from './0020_write_quotas';
import * as deckChanges from './0021_deck_changes';
import * as deckTerms from './0022_deck_terms';
import * as contactFields from './0023_contact_fields';
import * as meetings from './0024_meetings';
import * as meetingSessions from './0025_meeting_sessions';
import * as meetingNotices from './0026_meeting_notices';
import * as messages from './0027_messages';
import * as streamEvents from './0028_stream_events';
import * as safety from './0029_safety';

/** Listed here rather than read from disk so that bundlers and tsx agree on what exists. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_consents_active_once': consentsActiveOnce,
  '0003_events_search': eventsSearch,
  '0004_media': media,
  '0005_locations': locations,
  '0006_profile_interests': profileInterests,
  '0007_connection_notes': connectionNotes,
  '0008_feed_paging': feedPaging,
  '0009_calendar_feeds': calendarFeeds,
  '0010_billing': billing,
  '0012_recommendations': recommendations,
  '0013_chats': chats,
  '0014_deck_versions': deckVersions,
  '0015_recommendation_rankings': recommendationRankings,
  '0016_push': push,
  '0017_promotions': promotions,
  '0018_event_name_trigrams': eventNameTrigrams,
  '0019_event_labels': eventLabels,
  '0020_write_quotas': writeQuotas,
  '0021_deck_changes': deckChanges,
  '0022_deck_terms': deckTerms,
  '0023_contact_fields': contactFields,
  '0024_meetings': meetings,
  '0025_meeting_sessions': meetingSessions,
  '0026_meeting_notices': meetingNotices,
  '0027_messages': messages,
  '0028_stream_events': streamEvents,
  '0029_safety': safety,
};
