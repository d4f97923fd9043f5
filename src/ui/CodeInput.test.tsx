import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeInput } from './CodeInput';

afterEach(cleanup);

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [code, setCode] = useState('');
  return <CodeInput label="Verification code" value={code} onChange={setCode} onComplete={onComplete} />;
}

const input = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const cells = () => screen.getAllByTestId('code-cell').map((cell) => cell.textContent);

describe('CodeInput', () => {
  it('is a numeric one-time-code field', () => {
    render(<Harness />);
    expect(input().getAttribute('inputmode')).toBe('numeric');
    expect(input().getAttribute('autocomplete')).toBe('one-time-code');
  });

  it('keeps digits only and at most six of them', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '1a2-b3' } });
    expect(input().value).toBe('123');
    expect(cells()).toEqual(['1', '2', '3', '', '', '']);
    fireEvent.change(input(), { target: { value: '12345678' } });
    expect(input().value).toBe('123456');
  });

  it('ignores a typed letter', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'x' } });
    expect(input().value).toBe('');
  });

  it('fills the whole code from a pasted text and reports it complete', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(input(), { clipboardData: { getData: () => 'Your code: 482 913' } });
    expect(input().value).toBe('482913');
    expect(cells()).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(onComplete).toHaveBeenCalledWith('482913');
  });

  it('appends a partial paste and ignores a paste without digits', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: '12' } });
    fireEvent.paste(input(), { clipboardData: { getData: () => '34' } });
    expect(input().value).toBe('1234');
    fireEvent.paste(input(), { clipboardData: { getData: () => 'hello' } });
    expect(input().value).toBe('1234');
  });
});
