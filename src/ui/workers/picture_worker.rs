//! A picture of a board read in the background ([`crate::recognise`]): a file dropped or chosen,
//! or an image pasted. Reading takes a tenth of a second or more; the window never waits on it.
//! The answer comes through the outbox, which wakes the window.

use std::path::PathBuf;
use std::sync::Arc;

use eframe::egui;

use crate::lang::{IoReason, Language};
use crate::recognise::{
    recognise_image_with, recognise_with, Reading, RecogniseError, TaughtPieces,
};

use crate::ui::base::command::outbox::{JobId, Outbox, Recipient};

/// Where the picture comes from.
#[derive(Clone, Debug, PartialEq)]
pub enum PictureSource {
    /// A picture file (PNG, JPEG, WebP, BMP).
    File(PathBuf),
    /// An image from the clipboard.
    Pasted(Arc<egui::ColorImage>),
}

impl PictureSource {
    /// The file's name without its folder, for titles; `None` for a pasted image.
    pub fn file_name(&self) -> Option<String> {
        match self {
            PictureSource::File(path) => Some(path.file_name().map_or_else(
                || path.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )),
            PictureSource::Pasted(_) => None,
        }
    }
}

/// Why a picture was not read.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PictureError {
    /// The file could not be opened.
    #[error("cannot open the picture {}: {reason}", path.display())]
    Open {
        /// The picture's file.
        path: PathBuf,
        /// Why.
        reason: IoReason,
    },
    /// It was opened but holds no board that can be read.
    #[error(transparent)]
    Recognise(#[from] RecogniseError),
    /// The reading thread could not be started, or ended without an answer.
    #[error("the picture could not be read: {0}")]
    Thread(String),
}

impl PictureError {
    /// Why, in a user's language.
    pub fn message(&self, lang: Language) -> String {
        match self {
            PictureError::Open { path, reason } => format!(
                "{} {}: {}",
                lang.pick("Cannot open", "无法打开", "無法開啟"),
                path.display(),
                reason.message(lang)
            ),
            PictureError::Recognise(e) => e.message(lang),
            PictureError::Thread(detail) => format!(
                "{} ({detail})",
                lang.pick(
                    "The picture could not be read",
                    "无法读取图片",
                    "無法讀取圖片",
                )
            ),
        }
    }
}

/// A picture being read; its reading comes through the outbox.
pub struct PictureWorker {
    source: PictureSource,
    job: JobId,
}

/// What the reading of a picture answers.
pub type PictureAnswer = Result<Reading, PictureError>;

impl PictureWorker {
    /// Start reading `source` on a thread of its own, with the pieces taught in the file at
    /// `taught` (none when there is no such file, or it does not read: the next lesson kept
    /// says why); the answer is sent through `outbox`.
    pub fn start(outbox: &Outbox, source: PictureSource, taught: Option<PathBuf>) -> PictureWorker {
        let courier = outbox.courier::<PictureAnswer>(Recipient::Picture);
        let job = courier.job();
        let picture = source.clone();
        let sender = courier.clone();
        let spawned = std::thread::Builder::new()
            .name("picture reading".to_owned())
            .spawn(move || {
                // A reader that fails on a strange picture still answers.
                let taught = taught
                    .and_then(|path| TaughtPieces::load(&path).ok())
                    .unwrap_or_default();
                let read =
                    std::panic::catch_unwind(|| read(&picture, &taught)).unwrap_or_else(|_| {
                        Err(PictureError::Thread(
                            "the reading ended without an answer".to_owned(),
                        ))
                    });
                sender.deliver(read);
            });
        if let Err(e) = spawned {
            courier.deliver(Err(PictureError::Thread(IoReason::of(&e).to_string())));
        }
        PictureWorker { source, job }
    }

    /// What is being read.
    pub fn source(&self) -> &PictureSource {
        &self.source
    }

    /// The job's stamp: its answer carries it.
    pub fn job(&self) -> JobId {
        self.job
    }
}

/// Read the picture (on the worker's thread).
fn read(source: &PictureSource, taught: &TaughtPieces) -> Result<Reading, PictureError> {
    match source {
        PictureSource::File(path) => {
            let bytes = std::fs::read(path).map_err(|e| PictureError::Open {
                path: path.clone(),
                reason: IoReason::of(&e),
            })?;
            Ok(recognise_with(&bytes, taught)?)
        }
        PictureSource::Pasted(image) => Ok(recognise_image_with(&rgb_over_white(image), taught)?),
    }
}

/// A pasted image as RGB, its transparent parts on white (as a page or a light window shows
/// them). egui's colours are premultiplied: white under a pixel adds `255 - alpha`.
fn rgb_over_white(image: &egui::ColorImage) -> image::RgbImage {
    let [width, height] = image.size;
    let mut rgb = image::RgbImage::new(
        u32::try_from(width).unwrap_or(u32::MAX),
        u32::try_from(height).unwrap_or(u32::MAX),
    );
    for (pixel, color) in rgb.pixels_mut().zip(&image.pixels) {
        let under = 255 - color.a();
        *pixel = image::Rgb([
            color.r().saturating_add(under),
            color.g().saturating_add(under),
            color.b().saturating_add(under),
        ]);
    }
    rgb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_image_lies_on_white() {
        let image = egui::ColorImage::new(
            [2, 1],
            vec![
                egui::Color32::from_rgb(200, 10, 10),
                egui::Color32::from_rgba_unmultiplied(0, 0, 0, 0),
            ],
        );
        let rgb = rgb_over_white(&image);
        assert_eq!(rgb.dimensions(), (2, 1));
        assert_eq!(rgb.get_pixel(0, 0).0, [200, 10, 10]);
        assert_eq!(rgb.get_pixel(1, 0).0, [255, 255, 255]);
    }

    #[test]
    fn a_file_that_is_not_there_is_refused_with_its_reason() {
        let source = PictureSource::File(PathBuf::from("/no/such/picture.png"));
        assert!(matches!(
            read(&source, &TaughtPieces::default()),
            Err(PictureError::Open { .. })
        ));
        assert_eq!(source.file_name().as_deref(), Some("picture.png"));
    }
}
