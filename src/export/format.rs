//! The format of a picture or page export, chosen by the file's name (`.pdf`, `.png`, `.svg`):
//! never another format under that name, and an unknown ending refused with the formats offered.

use std::path::Path;

use crate::lang::Language;

/// A format diagrams and scoresheets are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureFormat {
    /// Vector PDF pages, the text as text.
    Pdf,
    /// PNG pictures.
    Png,
    /// SVG vector pictures.
    Svg,
}

impl PictureFormat {
    /// Every format.
    pub const ALL: [PictureFormat; 3] =
        [PictureFormat::Pdf, PictureFormat::Png, PictureFormat::Svg];

    /// The file extension, without the dot.
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Pdf => "pdf",
            PictureFormat::Png => "png",
            PictureFormat::Svg => "svg",
        }
    }

    /// The format's name as people write it.
    pub fn name(self) -> &'static str {
        match self {
            PictureFormat::Pdf => "PDF",
            PictureFormat::Png => "PNG",
            PictureFormat::Svg => "SVG",
        }
    }

    /// The format `path`'s ending asks for, among `offered`.
    pub fn of_path(path: &Path, offered: &[PictureFormat]) -> Result<PictureFormat, WrongEnding> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        offered
            .iter()
            .copied()
            .find(|f| f.extension() == ext)
            .ok_or_else(|| WrongEnding {
                path: path.display().to_string(),
                offered: offered.to_vec(),
            })
    }
}

/// A file name whose ending is none of the formats offered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: the output format follows the name; this command writes {}", endings(.offered))]
pub struct WrongEnding {
    /// The name given.
    pub path: String,
    /// The formats that could be written.
    pub offered: Vec<PictureFormat>,
}

/// `.pdf, .png`.
fn endings(offered: &[PictureFormat]) -> String {
    offered
        .iter()
        .map(|f| format!(".{}", f.extension()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl WrongEnding {
    /// Why nothing was written, in a user's language, with the endings that would be.
    pub fn message(&self, lang: Language) -> String {
        let offered = endings(&self.offered);
        match lang {
            Language::English => format!(
                "{}: the format follows the file's ending; this export is written as {offered}. \
                 Nothing was written.",
                self.path
            ),
            Language::SimplifiedChinese => format!(
                "{}：格式由文件扩展名决定；此项导出可写为 {offered}。未写入任何文件。",
                self.path
            ),
            Language::TraditionalChinese => format!(
                "{}：格式由檔案副檔名決定；此項匯出可寫為 {offered}。未寫入任何檔案。",
                self.path
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ending_chooses_and_another_is_refused_with_the_formats_offered() {
        let offered = [PictureFormat::Pdf, PictureFormat::Png];
        assert_eq!(
            PictureFormat::of_path(Path::new("a/Sheet.PDF"), &offered),
            Ok(PictureFormat::Pdf)
        );
        let refused = PictureFormat::of_path(Path::new("sheet.svg"), &offered)
            .expect_err("SVG is not offered");
        assert_eq!(
            refused.to_string(),
            "sheet.svg: the output format follows the name; this command writes .pdf, .png"
        );
        assert!(refused
            .message(Language::SimplifiedChinese)
            .contains(".pdf, .png"));
    }
}
