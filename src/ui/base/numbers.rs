//! How numbers are written in panels and windows: a score with its sign, a count with its
//! thousands grouped.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_are_grouped_by_thousands() {
        assert_eq!(group_digits(0), "0");
        assert_eq!(group_digits(999), "999");
        assert_eq!(group_digits(1000), "1,000");
        assert_eq!(group_digits(1234567), "1,234,567");
    }
}
