//! The referee (art. 4, 23–29): the worked examples of chapter 7, real rulings, other rule sets, and `qipu judge`.

#[path = "../common/mod.rs"]
mod common;

mod art4;
mod axf;
mod ccpd_rulings;
mod cli_judge;
mod cxa_examples;
mod figures_beyond;
mod rules_tag;
mod rulesets;
mod watch;
