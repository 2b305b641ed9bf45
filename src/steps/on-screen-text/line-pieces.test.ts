import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { joinedPieces, wordsWithin } from './line-pieces.js';

const box = (left: number, width: number, top = 100, height = 20) => ({ left, top, width, height });

describe('joinedPieces', () => {
  it('joins two overlapping pieces of one line where one ends as the other starts', () => {
    assert.equal(joinedPieces({ text: 'MEET THE NEW', box: box(10, 150) }, { text: 'NEW TEAM', box: box(120, 110) }), 'MEET THE NEW TEAM');
    assert.equal(joinedPieces({ text: 'RA EL FINAL', box: box(60, 140) }, { text: 'ESPERA EL FIN', box: box(0, 170) }), 'ESPERA EL FINAL');
  });

  it('leaves pieces apart when they share too little, are not side by side on one row, or one holds the other', () => {
    assert.equal(joinedPieces({ text: 'BEST COFFEE IN', box: box(10, 150) }, { text: 'IN TOWN', box: box(120, 110) }), null);
    assert.equal(joinedPieces({ text: 'MEET THE NEW', box: box(10, 150) }, { text: 'NEW TEAM', box: box(330, 110) }), null);
    assert.equal(joinedPieces({ text: 'MEET THE NEW', box: box(10, 150) }, { text: 'NEW TEAM', box: box(120, 110, 140) }), null);
    assert.equal(joinedPieces({ text: 'MEET THE NEW TEAM', box: box(10, 250) }, { text: 'NEW TEAM', box: box(120, 110) }), null);
  });
});

describe('wordsWithin', () => {
  it('takes a piece read across the words of a line, marks and stray marks aside', () => {
    assert.ok(wordsWithin('err artin TA. TIST', 'Pierre Martin DATA SCIENTIST'));
    assert.ok(wordsWithin('DA CIEN', 'Pierre Martin DATA SCIENTIST'));
    assert.ok(wordsWithin("oao 1' Va", 'João Silva'));
  });

  it('refuses a word the line does not hold, words out of order, or nothing of two letters', () => {
    assert.ok(!wordsWithin('FRESH BREÄD EVERY', 'FRESH BREAD MORNING'));
    assert.ok(!wordsWithin('TIST artin', 'Pierre Martin DATA SCIENTIST'));
    assert.ok(!wordsWithin('1 .', 'Pierre Martin'));
  });
});
