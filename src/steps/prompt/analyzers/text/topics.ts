import { Keyword, searchable } from './keyword-matcher.js';

export interface TopicTaxonomy {
  min_hits: number;
  max_topics: number;
  topics: Array<{ name: string; note: string; keywords: string[] }>;
}

export interface TopicScore {
  topic: string;
  score: number;
  /** The keywords that matched, for explaining the choice. */
  matched: string[];
}

const compiled = new WeakMap<TopicTaxonomy, Array<{ name: string; keywords: Array<{ keyword: Keyword; weight: number }> }>>();

/**
 * Scores every topic of the taxonomy on `text` (knowledge/topics.yaml explains the rules): a keyword
 * match counts 1, a phrase match 2. Topics under `min_hits` are dropped; the best `max_topics` remain.
 */
export function scoreTopics(text: string, taxonomy: TopicTaxonomy): TopicScore[] {
  if (!compiled.has(taxonomy)) {
    compiled.set(
      taxonomy,
      taxonomy.topics.map((t) => ({
        name: t.name,
        keywords: t.keywords.map((k) => ({ keyword: new Keyword(k), weight: /\s/.test(k.trim()) ? 2 : 1 })),
      })),
    );
  }
  const searched = searchable(text);
  const scores: TopicScore[] = [];
  for (const topic of compiled.get(taxonomy)!) {
    let score = 0;
    const matched: string[] = [];
    for (const k of topic.keywords) {
      const n = k.keyword.count(searched);
      if (n) {
        score += n * k.weight;
        matched.push(k.keyword.keyword);
      }
    }
    if (score >= taxonomy.min_hits) scores.push({ topic: topic.name, score, matched });
  }
  return scores.sort((a, b) => b.score - a.score || a.topic.localeCompare(b.topic)).slice(0, taxonomy.max_topics);
}
