import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_ANSWER_ID, forgetFirstAnswer, takeFirstAnswer } from './first-answer';
import { LANGUAGE_STORAGE_KEY } from './language';

function embed(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_ANSWER_ID;
  element.textContent = text;
  document.head.append(element);
}

const home = { path: '/api/v1/home', language: 'en', body: { sections: [] } };
const appInfo = { path: '/api/v1/app_config/', language: 'en', body: { name: 'Hafla' } };

describe('the first answer a page brings', () => {
  beforeEach(() => {
    forgetFirstAnswer();
    localStorage.clear();
  });
  afterEach(() => document.getElementById(FIRST_ANSWER_ID)?.remove());

  it('answers each of its paths once, then never again', () => {
    embed(JSON.stringify([home, appInfo]));
    expect(takeFirstAnswer('/api/v1/events_read/')).toBeUndefined();
    expect(takeFirstAnswer('/api/v1/home')).toEqual({ sections: [] });
    expect(takeFirstAnswer('/api/v1/home')).toBeUndefined();
    expect(document.getElementById(FIRST_ANSWER_ID)).toBeNull();
    expect(takeFirstAnswer('/api/v1/app_config/')).toEqual({ name: 'Hafla' });
    expect(takeFirstAnswer('/api/v1/app_config/')).toBeUndefined();
  });

  it('is not used in another language than the one shown', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    embed(JSON.stringify([home]));
    expect(takeFirstAnswer('/api/v1/home')).toBeUndefined();
  });

  it('is not used by a signed-in reader, whose answer has their own parts', () => {
    localStorage.setItem('session', JSON.stringify({ user_id: 'u-1' }));
    embed(JSON.stringify([home]));
    expect(takeFirstAnswer('/api/v1/home')).toBeUndefined();
  });

  it('is ignored when missing or broken', () => {
    expect(takeFirstAnswer('/api/v1/home')).toBeUndefined();
    forgetFirstAnswer();
    embed('{not json');
    expect(takeFirstAnswer('/api/v1/home')).toBeUndefined();
  });
});
