import { describe, expect, it } from 'vitest';
import { containsCode } from './content-check';

// Professionals describing themselves: every one of these must pass.
const prose = [
  'I create products and update teams',
  'I select the best candidates from many applicants',
  'We delete waste from our processes and drop what does not work',
  'Looking to create partnerships; happy to update you on our roadmap',
  'I love design; I also code in my spare time.',
  'Head of Product — previously at Spotify -- and Klarna',
  'Good -- really good -- at negotiation',
  'Alter ego: jazz pianist. I truncate meetings that run long.',
  'Insert coin, press start: retro gaming fan',
  'I insert into every project a dose of curiosity',
  'My function is to lead sales in the Nordics',
  'I function best with coffee',
  'Console gamer and product manager',
  'Selected from 200 applicants for the Nordic founders programme',
  'Create user experiences that people love',
  'I create database solutions on AWS for retail clients',
  'Update: we just closed our seed round!',
  'From select partners to full rollout in 6 months',
  'Dropped out of a PhD, built three companies',
  'C# and F# developer; TypeScript enthusiast',
  'Email me at anna@example.com (mornings are best)',
  '#1 in sales 2024, 50% growth, 3x ARR',
  'Building a "customer-first" culture',
  'I create tables, chairs and other furniture with local wood',
  'We update the table of contents every quarter',
  'Scripted podcast host and script writer',
  'Functional programming fan (Haskell, Elm)',
  'UX/UI designer, 10+ years',
  'Sales -> Product -> CEO',
  "I'm passionate about climate tech; let's talk!",
  'Java, SQL and Python are my daily tools',
  'Ask me about selecting a CRM or updating your pricing',
  '',
];

// Pasted code: every one of these must be flagged.
const code = [
  'SELECT * FROM users',
  'select count(*) from events',
  'select name, email from users where id = 1',
  'select email from users order by created_at',
  "' UNION SELECT password FROM users",
  'INSERT INTO users (email) VALUES (1)',
  'insert into accounts values (1, 2)',
  "UPDATE users SET role = 'admin'",
  'delete from sessions where 1=1',
  'delete from users;',
  'DROP TABLE users',
  'drop database production',
  'ALTER TABLE users ADD COLUMN x int',
  'create table pwned (id int)',
  'CREATE DATABASE evil;',
  'create index users_idx on users (email)',
  "create user hacker with password 'x'",
  'truncate table events',
  'truncate events;',
  "Robert'); drop students",
  'nice; DROP TABLE x',
  "admin'--",
  '-- just a comment',
  '1 OR 1=1 --',
  "x';",
  'hello /* hidden */ world',
  'end of comment */',
  '<!-- html comment -->',
  '```js\nalert(1)\n```',
  '````',
  '<script>alert(1)</script>',
  '< SCRIPT src=x>',
  'function () { return 1 }',
  'function steal(data) {}',
  'const f = function(x) { return x }',
  'console.log(document.cookie)',
  'console . log("x")',
];

describe('containsCode', () => {
  it.each(prose)('lets prose pass: %s', (text) => {
    expect(containsCode(text)).toBe(false);
  });

  it.each(code)('flags code: %s', (text) => {
    expect(containsCode(text)).toBe(true);
  });

  it('is case-insensitive', () => {
    expect(containsCode('SeLeCt * FrOm users')).toBe(true);
    expect(containsCode('CONSOLE.LOG(1)')).toBe(true);
  });
});
