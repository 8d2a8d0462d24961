//! The piece classifier: a small convolutional network (tools/recognise/train.py), shipped as
//! ONNX in assets/recognise and run by tract, loaded once.

use std::sync::{Arc, OnceLock};

use tract_onnx::prelude::*;

use super::sample::{CROP, CROP_VALUES};
use crate::rules::{Color, Piece, PieceKind};

/// The network, as trained.
const MODEL: &[u8] = include_bytes!("../../assets/recognise/pieces.onnx");

/// What the network's outputs stand for, in order: nothing, then Red's and Black's pieces.
pub const CLASSES: [Option<Piece>; 15] = {
    use Color::{Black, Red};
    use PieceKind::*;
    [
        None,
        Some(Piece::new(Red, General)),
        Some(Piece::new(Red, Advisor)),
        Some(Piece::new(Red, Elephant)),
        Some(Piece::new(Red, Chariot)),
        Some(Piece::new(Red, Horse)),
        Some(Piece::new(Red, Cannon)),
        Some(Piece::new(Red, Soldier)),
        Some(Piece::new(Black, General)),
        Some(Piece::new(Black, Advisor)),
        Some(Piece::new(Black, Elephant)),
        Some(Piece::new(Black, Chariot)),
        Some(Piece::new(Black, Horse)),
        Some(Piece::new(Black, Cannon)),
        Some(Piece::new(Black, Soldier)),
    ]
};

type Plan = Arc<TypedRunnableModel>;

static PLAN: OnceLock<Result<Plan, String>> = OnceLock::new();

fn plan() -> Result<&'static Plan, String> {
    PLAN.get_or_init(|| load().map_err(|e| format!("{e:#}")))
        .as_ref()
        .map_err(Clone::clone)
}

fn load() -> TractResult<Plan> {
    tract_onnx::onnx()
        .model_for_read(&mut std::io::Cursor::new(MODEL))?
        .with_input_fact(0, f32::fact([90, 3, CROP, CROP]).into())?
        .into_optimized()?
        .into_runnable()
}

/// The probability of each class for each of the 90 crops.
pub fn classify(crops: &[f32]) -> Result<Vec<[f32; 15]>, String> {
    let plan = plan()?;
    if crops.len() != 90 * CROP_VALUES {
        return Err(format!(
            "{} crop values, not {}",
            crops.len(),
            90 * CROP_VALUES
        ));
    }
    let input = Tensor::from_shape(&[90, 3, CROP, CROP], crops).map_err(|e| format!("{e:#}"))?;
    let outputs = plan
        .run(tvec!(input.into()))
        .map_err(|e| format!("{e:#}"))?;
    let probs = outputs
        .first()
        .ok_or("the network gave no output")?
        .to_plain_array_view::<f32>()
        .map_err(|e| format!("{e:#}"))?;
    let mut out = vec![[0.0f32; 15]; 90];
    for (n, row) in out.iter_mut().enumerate() {
        for (c, p) in row.iter_mut().enumerate() {
            *p = probs.get([n, c]).copied().unwrap_or(0.0);
        }
    }
    Ok(out)
}
