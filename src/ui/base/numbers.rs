//! How numbers are written in panels and windows: a score with its sign, a count with its
//! thousands grouped, a size in bytes.

use crate::engine_client::RedScore;

/// A score with its sign: `+0.35`, `-1.20`, `#3`.
pub fn signed(score: RedScore) -> String {
    let text = score.to_string();
    if text.starts_with(['-', '#', '>', '<']) || text == "0.00" {
        text
    } else {
        format!("+{text}")
    }
}

/// 12345 as "12,345".
pub fn group_digits(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A size in bytes as "512 B", "1.5 KiB", "16.0 MiB" (binary units, one decimal).
pub fn byte_size(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    // A size in bytes needs no more precision than a float gives to one decimal.
    let mut size = bytes as f64 / 1024.0;
    let mut unit = 0;
    while size >= 1024.0 && unit + 1 < UNITS.len() {
        size /= 1024.0;
        unit += 1;
    }
    format!("{size:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_written_in_binary_units() {
        assert_eq!(byte_size(0), "0 B");
        assert_eq!(byte_size(1023), "1023 B");
        assert_eq!(byte_size(1536), "1.5 KiB");
        assert_eq!(byte_size(16 * 1024 * 1024), "16.0 MiB");
    }

    #[test]
    fn digits_are_grouped_by_thousands() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1234567), "1,234,567");
    }
}
