//! The piece classifier: three small convolutional networks (tools/recognise/train.py, from
//! other seeds and designs), joined into one ONNX graph whose output is the mean of their
//! probabilities (tools/recognise/ensemble.py), shipped in assets/recognise and run by tract,
//! loaded once. Networks trained apart err in different places, on piece sets none has seen
//! most of all, so their mean reads those sets better than any one of them.

use std::sync::{Arc, OnceLock};

use tract_onnx::prelude::*;

use super::sample::{CROP, CROP_VALUES};
use crate::rules::{Color, Piece, PieceKind};

/// The networks, as trained and joined.
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

/// Why the classifier could not be run. (tract's errors are kept as their messages: the first
/// is kept for the life of the program, and they cannot be cloned.)
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ClassifierError {
    /// The network shipped in the program could not be loaded.
    #[error("the network could not be loaded: {0}")]
    Load(String),
    /// Not the values of a whole number of crops.
    #[error("{got} crop values, not a whole number of crops of {CROP_VALUES}")]
    Crops {
        /// The values given.
        got: usize,
    },
    /// The network failed on the crops.
    #[error("the network failed: {0}")]
    Run(String),
    /// The network gave no output.
    #[error("the network gave no output")]
    NoOutput,
    /// Another network was asked for after pictures had been read with one.
    #[error("a network is already in use")]
    InUse,
}

static PLAN: OnceLock<Result<Plan, ClassifierError>> = OnceLock::new();

fn plan() -> Result<&'static Plan, ClassifierError> {
    PLAN.get_or_init(|| load(MODEL))
        .as_ref()
        .map_err(Clone::clone)
}

/// Read pictures with the network `onnx` (as tools/recognise/train.py writes it) rather than
/// the shipped one, for the rest of the program: `qipu recognise-bench --network` measures a
/// network before it is shipped. Refused, and the network in use kept, if it cannot be loaded
/// or pictures have been read already.
pub fn use_network(onnx: &[u8]) -> Result<(), ClassifierError> {
    let plan = load(onnx)?;
    PLAN.set(Ok(plan)).map_err(|_| ClassifierError::InUse)
}

fn load(onnx: &[u8]) -> Result<Plan, ClassifierError> {
    optimised(onnx).map_err(|e| ClassifierError::Load(format!("{e:#}")))
}

/// The network made ready to run on any number of crops at once.
fn optimised(onnx: &[u8]) -> TractResult<Plan> {
    let model = tract_onnx::onnx().model_for_read(&mut std::io::Cursor::new(onnx))?;
    let crops = model.sym("N");
    model
        .with_input_fact(
            0,
            f32::fact(tract_onnx::tract_core::dims!(crops, 3, CROP, CROP)).into(),
        )?
        .into_optimized()?
        .into_runnable()
}

/// The probability of each class for each crop of `crops` (the values of a whole number of
/// crops, [`CROP_VALUES`] each); none for none.
pub fn classify(crops: &[f32]) -> Result<Vec<[f32; 15]>, ClassifierError> {
    let plan = plan()?;
    if !crops.len().is_multiple_of(CROP_VALUES) {
        return Err(ClassifierError::Crops { got: crops.len() });
    }
    let count = crops.len() / CROP_VALUES;
    if count == 0 {
        return Ok(Vec::new());
    }
    let run = |e: TractError| ClassifierError::Run(format!("{e:#}"));
    let input = Tensor::from_shape(&[count, 3, CROP, CROP], crops).map_err(run)?;
    let outputs = plan.run(tvec!(input.into())).map_err(run)?;
    let probs = outputs
        .first()
        .ok_or(ClassifierError::NoOutput)?
        .to_plain_array_view::<f32>()
        .map_err(run)?;
    let mut out = vec![[0.0f32; 15]; count];
    for (n, row) in out.iter_mut().enumerate() {
        for (c, p) in row.iter_mut().enumerate() {
            *p = probs.get([n, c]).copied().unwrap_or(0.0);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_whole_number_of_crops_is_read_and_a_part_of_one_refused() {
        assert_eq!(
            classify(&[0.5; 10]),
            Err(ClassifierError::Crops { got: 10 })
        );
        assert_eq!(classify(&[]), Ok(Vec::new()));
        let read = classify(&vec![1.0; 7 * CROP_VALUES]).expect("the shipped network runs");
        assert_eq!(read.len(), 7);
        assert!(read
            .iter()
            .all(|p| (p.iter().sum::<f32>() - 1.0).abs() < 1e-3));
    }

    #[test]
    fn a_network_that_cannot_be_loaded_is_refused_and_the_shipped_one_kept() {
        assert!(matches!(
            use_network(b"not a network"),
            Err(ClassifierError::Load(_))
        ));
        assert_eq!(
            classify(&vec![0.0; 90 * CROP_VALUES]).map(|r| r.len()),
            Ok(90)
        );
        assert_eq!(use_network(MODEL), Err(ClassifierError::InUse));
    }
}
