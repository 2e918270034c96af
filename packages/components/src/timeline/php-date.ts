const pad = (n: number) => String(n).padStart(2, '0');

function name(date: Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale, options).format(date);
}

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][day % 10] ?? 'th';
}

/**
 * Formats a local date with PHP `date()` tokens, as WordPress settings express them
 * ('F j, Y' → 'January 5, 2026'; 'g:ia' → '3:07pm'). Supported: d D j l N S w F m M n t Y y a A
 * g G h H i s; a backslash escapes the next character; anything else is kept as is.
 */
export function formatPhpDate(date: Date, format: string, locale = 'en'): string {
  let out = '';
  for (let i = 0; i < format.length; i++) {
    const token = format[i] ?? '';
    const hours = date.getHours();
    switch (token) {
      case '\\':
        i++;
        out += format[i] ?? '';
        break;
      case 'd':
        out += pad(date.getDate());
        break;
      case 'D':
        out += name(date, locale, { weekday: 'short' });
        break;
      case 'j':
        out += date.getDate();
        break;
      case 'l':
        out += name(date, locale, { weekday: 'long' });
        break;
      case 'N':
        out += date.getDay() === 0 ? 7 : date.getDay();
        break;
      case 'S':
        out += ordinalSuffix(date.getDate());
        break;
      case 'w':
        out += date.getDay();
        break;
      case 'F':
        out += name(date, locale, { month: 'long' });
        break;
      case 'm':
        out += pad(date.getMonth() + 1);
        break;
      case 'M':
        out += name(date, locale, { month: 'short' });
        break;
      case 'n':
        out += date.getMonth() + 1;
        break;
      case 't':
        out += new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
        break;
      case 'Y':
        out += date.getFullYear();
        break;
      case 'y':
        out += pad(date.getFullYear() % 100);
        break;
      case 'a':
        out += hours < 12 ? 'am' : 'pm';
        break;
      case 'A':
        out += hours < 12 ? 'AM' : 'PM';
        break;
      case 'g':
        out += hours % 12 || 12;
        break;
      case 'G':
        out += hours;
        break;
      case 'h':
        out += pad(hours % 12 || 12);
        break;
      case 'H':
        out += pad(hours);
        break;
      case 'i':
        out += pad(date.getMinutes());
        break;
      case 's':
        out += pad(date.getSeconds());
        break;
      default:
        out += token;
    }
  }
  return out;
}
